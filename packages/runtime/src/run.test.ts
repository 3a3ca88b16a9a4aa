import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, MassGenError } from '@massgen/core';
import type { BackendRequest, RunEvent, StreamPart } from '@massgen/core';
import { createScriptedBackend, hang } from '@massgen/testing';
import type { ScriptedTurn } from '@massgen/testing';
import { run } from './run.js';
import type { RunOptions } from './run.js';
import { alphaAndBeta, runtimeDirectory, useRunDirectory } from './run-test-support.js';

const repositoryRoot = path.resolve(runtimeDirectory, '../..');

const runDirectory = useRunDirectory('run');

/** Plays a team member: votes for the first answer on offer, else answers, else presents. */
function teamMember(answer: string) {
  return (request: BackendRequest): ScriptedTurn => {
    const vote = request.tools?.find((tool) => tool.name === 'vote');
    const labels =
      (vote?.inputSchema['properties'] as Record<string, { enum?: string[] }> | undefined)?.['agent_id']?.enum ?? [];
    const usage: StreamPart = { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } };
    if (labels[0] !== undefined) {
      return [
        { type: 'tool-call', id: 'v', name: 'vote', input: JSON.stringify({ agent_id: labels[0], reason: 'correct' }) },
        usage,
        { type: 'finish', reason: 'tool-calls' },
      ];
    }
    if (request.tools?.some((tool) => tool.name === 'new_answer') === true) {
      return [
        { type: 'tool-call', id: 'a', name: 'new_answer', input: JSON.stringify({ content: answer }) },
        usage,
        { type: 'finish', reason: 'tool-calls' },
      ];
    }
    return [{ type: 'text-delta', text: `Final: ${answer}` }, usage, { type: 'finish', reason: 'stop' }];
  };
}

/** Scripted backends for `alphaAndBeta` that both answer 4 and agree. */
function twoAgreeing(): NonNullable<RunOptions['backends']> {
  return {
    alpha: createScriptedBackend({ turns: teamMember('4') }),
    beta: createScriptedBackend({ turns: teamMember('4') }),
  };
}

const soloAgent = 'agent:\n  id: solo\n  backend: { type: chatcompletion, model: m }\n';

/** Runs the team of `yaml` on `question` in this test's directory, with the run options `extra`. */
function runTeam(yaml: string, question: string, extra?: RunOptions) {
  return run(runDirectory.config(yaml), question, runDirectory.options(extra));
}

describe('run', () => {
  it('coordinates a team to a final answer and records it on disk', async () => {
    const events: RunEvent[] = [];
    const result = await runTeam(alphaAndBeta, 'What is 2+2?', {
      backends: {
        alpha: createScriptedBackend({ turns: teamMember('4'), modelId: 'model-a' }),
        beta: createScriptedBackend({ turns: teamMember('four'), modelId: 'model-b' }),
      },
      onEvent: (event) => events.push(event),
    });
    expect(result.stopReason).toBe('consensus');
    expect(result.finalAnswer).toMatch(/^Final: /);
    expect(result.answers.map((answer) => answer.agentId).sort()).toEqual(['alpha', 'beta']);
    expect(result.votes).toHaveLength(2);
    const alphaUsage = result.usage.find((entry) => entry.agentId === 'alpha');
    expect(alphaUsage?.usage.inputTokens).toBe(10 * (alphaUsage?.calls ?? 0));
    expect(events[0]?.type).toBe('run-start');
    expect(events.at(-1)?.type).toBe('run-end');
    expect(events.every((event, index) => event.seq === index && event.runId === result.runId)).toBe(true);

    const recordDirectory = result.recordDirectory ?? '';
    expect(recordDirectory.startsWith(path.join(runDirectory.path, '.massgen', 'runs'))).toBe(true);
    const recorded = readFileSync(path.join(recordDirectory, 'events.jsonl'), 'utf8').trim().split('\n');
    expect(recorded).toHaveLength(events.length);
    expect(readFileSync(path.join(recordDirectory, 'final.md'), 'utf8')).toBe(result.finalAnswer);
    expect(JSON.parse(readFileSync(path.join(recordDirectory, 'status.json'), 'utf8'))).toMatchObject({
      state: 'finished',
      stopReason: 'consensus',
      agents: { alpha: { state: expect.any(String) }, beta: { state: expect.any(String) } },
    });
  });

  it('retries a rate-limited call before its first token and reports the retry', async () => {
    let calls = 0;
    const member = teamMember('4');
    const flaky = createScriptedBackend({
      turns: (request) => {
        calls += 1;
        if (calls === 1)
          return [
            {
              type: 'error',
              error: new MassGenError({
                code: 'BACKEND_RATE_LIMIT',
                message: 'slow down',
                retryable: true,
                retryAfterMs: 1234,
              }).toJSON(),
            },
          ];
        return member(request);
      },
    });
    const sleeps: number[] = [];
    const events: RunEvent[] = [];
    const result = await runTeam(soloAgent, 'q', {
      backends: { solo: flaky },
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      onEvent: (event) => events.push(event),
    });
    expect(result.finalAnswer).toBe('Final: 4');
    expect(sleeps).toEqual([1234]);
    expect(events.find((event) => event.type === 'agent-error')).toMatchObject({
      willRetry: true,
      error: { code: 'BACKEND_RATE_LIMIT', agentId: 'solo' },
    });
  });

  it('publishes configuration warnings as events after run-start', async () => {
    const events: RunEvent[] = [];
    await runTeam(`${alphaAndBeta}colour: blue\n`, 'q', {
      backends: twoAgreeing(),
      onEvent: (event) => events.push(event),
      record: false,
    });
    const warningIndex = events.findIndex((event) => event.type === 'warning' && event.warning.path === 'colour');
    expect(warningIndex).toBeGreaterThan(0);
    expect(events[0]?.type).toBe('run-start');
  });

  it('checks backend options against the backend package schema, naming the key path and line', async () => {
    const yaml =
      'agents:\n  - id: a\n    backend:\n      type: chatcompletion\n      model: m\n      timeout_seconds: soon\n';
    const error = await runTeam(yaml, 'q').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('agents[0].backend.timeout_seconds (agent "a", line 6)');
    expect(existsSync(path.join(runDirectory.path, '.massgen'))).toBe(false);
  });

  it('runs a third-party backend package from the user project end to end', async () => {
    mkdirSync(path.join(runDirectory.path, 'node_modules'), { recursive: true });
    symlinkSync(
      path.join(repositoryRoot, 'tools/massgen-backend-fixture'),
      path.join(runDirectory.path, 'node_modules', 'massgen-backend-fixture'),
      'dir',
    );
    const result = await runTeam(
      'agents:\n  - id: one\n    backend: { type: fixture, model: echo-1 }\n  - id: two\n    backend: { type: fixture, model: echo-2 }\n',
      'Hello there',
    );
    expect(result.stopReason).toBe('consensus');
    expect(result.answers[0]?.content).toContain('echo: ');
  });

  it('stops on cancel and still closes the record with a run-end', async () => {
    const controller = new AbortController();
    const stuck = createScriptedBackend({ turns: [[hang()]] });
    const result = await runTeam(soloAgent, 'q', {
      backends: { solo: stuck },
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'agent-start') queueMicrotask(() => controller.abort());
      },
    });
    expect(result.stopReason).toBe('cancelled');
    const lines = readFileSync(path.join(result.recordDirectory ?? '', 'events.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ type: 'run-end', stopReason: 'cancelled' });
  });

  it("estimates each agent's cost from its configured price, or the list price of its model", async () => {
    const yaml = `agents:
  - id: priced
    backend:
      type: chatcompletion
      model: house-model
      pricing: { input_per_million: 1000, output_per_million: 2000 }
  - id: listed
    backend: { type: chatcompletion, model: gpt-5-nano }
`;
    const events: RunEvent[] = [];
    const result = await runTeam(yaml, 'q', {
      backends: {
        priced: createScriptedBackend({ turns: teamMember('4') }),
        listed: createScriptedBackend({ turns: teamMember('4'), modelId: 'gpt-5-nano' }),
      },
      record: false,
      onEvent: (event) => events.push(event),
    });
    const firstUsage = events.find((event) => event.type === 'usage' && event.agentId === 'priced');
    expect(firstUsage).toMatchObject({ costUsd: (10 * 1000 + 5 * 2000) / 1_000_000 });
    const priced = result.usage.find((entry) => entry.agentId === 'priced');
    expect(priced?.costUsd).toBeCloseTo((priced?.calls ?? 0) * 0.02, 10);
    const listed = result.usage.find((entry) => entry.agentId === 'listed');
    expect(listed?.costUsd).toBeCloseTo(((listed?.calls ?? 0) * (10 * 0.05 + 5 * 0.4)) / 1_000_000, 12);
  });

  it('writes no record when asked not to', async () => {
    const result = await runTeam(alphaAndBeta, 'q', {
      backends: twoAgreeing(),
      record: false,
    });
    expect(result.recordDirectory).toBeUndefined();
    expect(existsSync(path.join(runDirectory.path, '.massgen'))).toBe(false);
  });

  it('runs every model call through wrapBackend when given, naming the agent', async () => {
    const calls: string[] = [];
    const result = await runTeam(alphaAndBeta, 'q', {
      backends: twoAgreeing(),
      record: false,
      wrapBackend: (backend, agentId) => ({
        ...backend,
        stream: (request, callOptions) => {
          calls.push(agentId);
          return backend.stream(request, callOptions);
        },
      }),
    });
    expect(result.stopReason).toBe('consensus');
    expect(new Set(calls)).toEqual(new Set(['alpha', 'beta']));
    expect(calls).toHaveLength(result.usage.reduce((sum, agent) => sum + agent.calls, 0));
  });
});
