import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { loadConfig } from '@massgen/config';
import type { MassGenConfig } from '@massgen/config';
import { run } from '@massgen/runtime';
import type { RunOptions, RunResult } from '@massgen/runtime';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest, FakeOpenAIServer, FakeResponder } from '@massgen/testing';

const packageDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seedDirectory = path.resolve(packageDirectory, '../../../shared/examples/seed');
const present = fs.existsSync(seedDirectory);
const title = present
  ? 'seed examples, end to end'
  : `seed examples, end to end (skipped: ${seedDirectory} does not exist)`;

let server: FakeOpenAIServer;
let project: string;

beforeAll(async () => {
  server = await createFakeOpenAIServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  // A user project with this package installed, as the CLI's users have it; the vote strategy
  // and the chat-completions backend resolve from this package's own dependencies.
  project = fs.mkdtempSync(path.join(tmpdir(), 'massgen-seed-'));
  fs.mkdirSync(path.join(project, 'node_modules', '@massgen'), { recursive: true });
  fs.symlinkSync(packageDirectory, path.join(project, 'node_modules', '@massgen', 'strategy-sequential'), 'dir');
});

afterEach(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

/**
 * The seed file as written, except that every agent talks to the fake server through the
 * chat-completions backend: ids, system messages, models, sampling and the orchestrator
 * settings are the file's own. Its tool packages (workspaces, MCP servers) are left out.
 */
async function loadSeedOnFakeServer(file: string): Promise<MassGenConfig> {
  const config = await loadConfig(path.join(seedDirectory, file), { cwd: seedDirectory, env: {} });
  return {
    ...config,
    tools: [],
    agents: config.agents.map((agent) => ({
      ...agent,
      backend: {
        type: 'chatcompletion',
        model: agent.backend.model,
        sampling: agent.backend.sampling,
        options: { base_url: server.url, api_key: 'fake-key' },
      },
    })),
  };
}

async function runSeed(
  config: MassGenConfig,
  question: string,
  responder: FakeResponder,
  extra: RunOptions = {},
): Promise<{ result: RunResult; events: RunEvent[]; requests: FakeChatRequest[] }> {
  server.setResponder(responder);
  const before = server.requests.length;
  const events: RunEvent[] = [];
  const result = await run(config, question, {
    cwd: project,
    pluginSearchPaths: [packageDirectory],
    pluginConditions: ['@massgen/source'],
    record: false,
    onEvent: (event) => events.push(event),
    ...extra,
  });
  await server.idle();
  return { result, events, requests: server.requests.slice(before) };
}

function ofType<Type extends RunEvent['type']>(
  events: readonly RunEvent[],
  type: Type,
): Array<Extract<RunEvent, { type: Type }>> {
  return events.filter((event): event is Extract<RunEvent, { type: Type }> => event.type === type);
}

function systemMessageOf(request: FakeChatRequest): string {
  const system = request.messages.find((message) => message.role === 'system');
  return typeof system?.content === 'string' ? system.content : '';
}

describe.skipIf(!present)(title, () => {
  it('team_of_three.yaml: three agents vote weighted by confidence and the winner presents', async () => {
    const config = await loadSeedOnFakeServer('team_of_three.yaml');
    expect(config.orchestrator).toMatchObject({
      maxRounds: 5,
      strategyKeys: { run: { voting_method: 'weighted_by_confidence', restart_after_stagnation: 2 } },
    });
    const { result, events, requests } = await runSeed(
      config,
      '为我们设计一个面向Z世代的短视频社交App。',
      createTeamResponder({
        confidence: 0.8,
        finalText: (request) => `最终方案（${request.model}）：以兴趣社区为核心的短视频App。`,
      }),
    );

    expect(result.stopReason).toBe('consensus');
    // Which agent answers first is up to the network; everyone then backs that answer.
    const winner = config.agents.find((agent) => agent.id === result.winnerAgentId);
    expect(result.finalAnswer).toBe(`最终方案（${winner?.backend.model ?? ''}）：以兴趣社区为核心的短视频App。`);
    const consensus = ofType(events, 'consensus')[0];
    expect(consensus?.tally.find((entry) => entry.agentId === result.winnerAgentId)?.weight).toBeCloseTo(0.8 * 3);
    expect(result.votes.every((vote) => vote.confidence === 0.8 && vote.reason.length > 0)).toBe(true);
    expect(ofType(events, 'warning')).toEqual([]);
    // Each agent ran as itself: its own model and its own system message.
    const architect = requests.find((request) => request.model === 'gpt-5-nano');
    expect(systemMessageOf(architect as FakeChatRequest)).toContain('你是团队中的系统架构师');
  });

  it("creative_brainstorm.yaml: agents that keep brainstorming stop at the file's max_rounds of 4", async () => {
    const config = await loadSeedOnFakeServer('creative_brainstorm.yaml');
    expect(config.orchestrator).toMatchObject({ maxRounds: 4, strategyKeys: { run: { convergence_threshold: 0.7 } } });
    const responder: FakeResponder = (request) => {
      if (request.tools.length === 0) return { type: 'text', text: `Final slogans by ${request.model}.` };
      return {
        type: 'tool-calls',
        calls: [
          {
            name: 'new_answer',
            arguments: {
              content: `Slogan ${request.index} from ${request.model}: second brain number ${request.index}.`,
            },
          },
        ],
      };
    };
    const { result, events } = await runSeed(config, '请为Nebula生成广告语和社交媒体内容。', responder);

    expect(result.stopReason).toBe('max-rounds');
    const rounds = ofType(events, 'answer').reduce((most, answer) => Math.max(most, answer.round), 0);
    expect(rounds).toBe(4);
    for (const agent of config.agents) {
      expect(
        ofType(events, 'answer')
          .filter((answer) => answer.agentId === agent.id)
          .map((answer) => answer.round),
      ).toEqual([1, 2, 3, 4]);
    }
    expect(result.finalAnswer).toMatch(/^Final slogans by /);
  });

  it('tech_review.yaml: four experts on defaults reach consensus, every one of them voting', async () => {
    const config = await loadSeedOnFakeServer('tech_review.yaml');
    const { result, requests } = await runSeed(
      config,
      '请为Greenfield项目推荐一个部署平台。',
      createTeamResponder({ finalText: 'Cloud Run, with a migration roadmap.' }),
    );

    expect(result.stopReason).toBe('consensus');
    expect(result.votes.map((vote) => vote.agentId).sort()).toEqual(
      ['AWS专家', 'Azure专家', 'GCP专家', '首席架构师'].sort(),
    );
    // Every vote backs the winner, who had answered.
    expect(result.answers.map((answer) => answer.agentId)).toContain(result.winnerAgentId);
    expect(result.votes.every((vote) => vote.targetAgentId === result.winnerAgentId)).toBe(true);
    expect(result.finalAnswer).toBe('Cloud Run, with a migration roadmap.');
    expect(requests.some((request) => systemMessageOf(request).includes('你是本次评审的首席架构师'))).toBe(true);
  });

  it("refactor_pipeline.yaml: analyst, refactorer and writer run in order and the writer's output is the final answer", async () => {
    const config = await loadSeedOnFakeServer('refactor_pipeline.yaml');
    expect(config.strategy).toBe('sequential');
    const outputs = ['审计报告：三个魔法数字。', '重构完成：常量已命名。', '# 用户文档\n安装与运行。'];
    let stage = 0;
    const responder: FakeResponder = () => ({ type: 'text', text: outputs[stage++] as string });
    const { result, events, requests } = await runSeed(config, '开始代码重构与文档生成流水线。', responder);

    expect(result.stopReason).toBe('completed');
    expect(result.winnerAgentId).toBe('文档工程师');
    expect(result.finalAnswer).toBe('# 用户文档\n安装与运行。');
    expect(ofType(events, 'answer').map((answer) => answer.agentId)).toEqual([
      '代码分析员',
      '重构工程师',
      '文档工程师',
    ]);
    expect(requests).toHaveLength(3);
    expect(requests.every((request) => request.tools.length === 0)).toBe(true);
    const writerPrompt = JSON.stringify(requests[2]?.messages);
    expect(writerPrompt).toContain('审计报告：三个魔法数字。');
    expect(writerPrompt).toContain('重构完成：常量已命名。');
    expect(systemMessageOf(requests[2] as FakeChatRequest)).toContain('你是一个技术文档工程师');
  });

  it('team_of_three.yaml: an immediate answer stops the running coordination and the leader presents', async () => {
    const config = await loadSeedOnFakeServer('team_of_three.yaml');
    const answerNow = new AbortController();
    const answered = new Set<string>();
    // The first answer comes at once; the others, and any vote, wait until the request is made.
    const responder: FakeResponder = (request) => {
      if (request.tools.length === 0) return { type: 'text', text: `Presented by ${request.model}.` };
      if (answered.size === 0 && request.model === 'grok-4-fast') {
        answered.add(request.model);
        return {
          type: 'tool-calls',
          calls: [{ name: 'new_answer', arguments: { content: 'A bold idea from Grok.' } }],
        };
      }
      return { type: 'hang' };
    };
    const { result, events } = await runSeed(config, '设计一个短视频App。', responder, {
      answerNow: answerNow.signal,
      onEvent: (event) => {
        if (event.type === 'answer') answerNow.abort();
      },
    });

    expect(result.stopReason).toBe('answer-now');
    expect(result.winnerAgentId).toBe('创意者-Grok');
    expect(result.finalAnswer).toBe('Presented by grok-4-fast.');
    expect(ofType(events, 'vote')).toEqual([]);
  });
});
