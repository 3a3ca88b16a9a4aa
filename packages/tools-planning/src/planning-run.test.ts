import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import type { BackendRequest, RunEvent } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { readResumableRun, run } from '@massgen/runtime';
import { createScriptedBackend, newAnswerCall, textTurn, voteCall } from '@massgen/testing';
import type { ScriptedBackend, ScriptedTurn } from '@massgen/testing';

const packageDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = useTemporaryDirectory('planning');

beforeEach(() => {
  // The run finds this package by name in the project, as it finds a plugin a user installed.
  mkdirSync(path.join(scratch.path, 'node_modules', '@massgen'), { recursive: true });
  symlinkSync(packageDirectory, path.join(scratch.path, 'node_modules', '@massgen', 'tools-planning'), 'dir');
});

/** A file in an agent's workspace: each run's workspaces are under .massgen/workspaces/<run>. */
const workspace = (runId: string, ...parts: string[]): string =>
  path.join(scratch.path, '.massgen', 'workspaces', runId, ...parts);

const writeCall = (id: string): ScriptedTurn =>
  textTurn('', { type: 'tool-call', id, name: 'write_file', input: '{"path":"out.txt","content":"done"}' });
const planCall = (id: string): ScriptedTurn =>
  textTurn('', {
    type: 'tool-call',
    id,
    name: 'create_task_plan',
    input: JSON.stringify({
      tasks: [{ description: 'Write out.txt' }, { description: 'Check it', depends_on: ['task_1'] }],
    }),
  });

const toolResults = (request: BackendRequest): string[] =>
  request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
const offered = (request: BackendRequest): string[] => (request.tools ?? []).map((tool) => tool.name);

/**
 * alpha tries to write a file, then plans, then answers; beta answers at once; both vote for
 * alpha once its answer is in view. As presenter alpha writes the file and says so.
 */
function teamMember(id: 'alpha' | 'beta'): ScriptedBackend {
  return createScriptedBackend({
    turns: (request) => {
      const seen = JSON.stringify(request.messages);
      const results = toolResults(request);
      const coordinating = offered(request).includes('new_answer');
      if (offered(request).includes('vote') && seen.includes('Alpha: write out.txt'))
        return textTurn('', voteCall('agent1', 'it has the plan'));
      if (coordinating && id === 'beta') return textTurn('', newAnswerCall('Beta: nothing to write'));
      if (coordinating && results.length === 0) return writeCall(`${id}-w`);
      if (coordinating && results.length === 1) return planCall(`${id}-p`);
      if (coordinating) return textTurn('', newAnswerCall('Alpha: write out.txt'));
      return results.length === 0 ? writeCall(`${id}-final`) : textTurn(`Presented after: ${results.join(' | ')}`);
    },
  });
}

/** Alpha and beta, each in its own workspace, under the given \`orchestrator.coordination\` lines. */
function teamYaml(coordination: string): string {
  return `agents:
  - id: alpha
    backend: { type: chatcompletion, model: m, cwd: ws-alpha }
  - id: beta
    backend: { type: chatcompletion, model: m, cwd: ws-beta }
orchestrator:
  coordination:
${coordination}`;
}

async function runTeam(coordination: string) {
  const yaml = teamYaml(coordination);
  const backends = { alpha: teamMember('alpha'), beta: teamMember('beta') };
  const events: RunEvent[] = [];
  const result = await run(parseConfig(yaml, { baseDir: scratch.path, cwd: scratch.path, env: {} }), 'Write out.txt', {
    cwd: scratch.path,
    pluginSearchPaths: [packageDirectory],
    pluginConditions: ['@massgen/source'],
    record: false,
    backends,
    onEvent: (event) => events.push(event),
  });
  const results = (agentId: string, name: string) =>
    events.filter(
      (event): event is Extract<RunEvent, { type: 'tool-result' }> =>
        event.type === 'tool-result' && event.agentId === agentId && event.name === name,
    );
  return { result, events, backends, results };
}

describe('planning mode and task planning in a run', () => {
  it('holds file writes while the team coordinates, and the winner writes as it presents', async () => {
    const { result, events, backends, results } = await runTeam(
      '    enable_planning_mode: true\n    enable_agent_task_planning: true\n',
    );
    expect(result.stopReason).toBe('consensus');
    const [coordinationWrite, presentationWrite] = results('alpha', 'write_file');
    expect(coordinationWrite?.isError).toBe(true);
    expect(coordinationWrite?.output).toMatch(/^write_file was not run: planning mode holds back tools/);
    expect(presentationWrite?.isError).toBe(false);
    expect(readFileSync(workspace(result.runId, 'ws-alpha', 'out.txt'), 'utf8')).toBe('done');
    // The plan is in the stream (and so the record), whole.
    expect(events.filter((event) => event.type === 'task-plan')).toContainEqual(
      expect.objectContaining({
        agentId: 'alpha',
        tasks: [
          { id: 'task_1', description: 'Write out.txt', status: 'pending' },
          { id: 'task_2', description: 'Check it', status: 'pending', dependsOn: ['task_1'] },
        ],
      }),
    );
    // Every request carries the rules and the task tools.
    for (const request of [...backends.alpha.requests, ...backends.beta.requests]) {
      const system = request.messages.find((message) => message.role === 'system');
      expect(String(system?.content)).toContain('While the team coordinates, tools that change files');
      expect(String(system?.content)).toContain('Keep your own task list with create_task_plan');
      expect(offered(request)).toContain('create_task_plan');
    }
  });

  it('under plan_only (massgen --plan) refuses the presenter too, so nothing is written', async () => {
    const { result, results } = await runTeam(
      '    enable_planning_mode: true\ntools:\n  planning: { plan_only: true }\n',
    );
    expect(result.stopReason).toBe('consensus');
    const writes = results('alpha', 'write_file');
    expect(writes).toHaveLength(2);
    for (const write of writes) expect(write.output).toMatch(/^write_file was not run: this run only makes a plan/);
    expect(existsSync(workspace(result.runId, 'ws-alpha', 'out.txt'))).toBe(false);
  });

  it('with task planning alone, lets an agent write once it has a plan', async () => {
    const { results } = await runTeam('    enable_agent_task_planning: true\n');
    const [beforePlan] = results('alpha', 'write_file');
    expect(beforePlan?.output).toMatch(/^write_file was not run: make your task plan first \(create_task_plan\)/);
    // As presenter it has its plan, so the write goes through.
    expect(results('alpha', 'write_file').at(-1)?.isError).toBe(false);
    expect(results('alpha', 'create_task_plan')[0]?.output).toContain('[ ] task_2: Check it (after task_1)');
  });

  it('takes up each agent’s latest recorded plan when a run is resumed, numbering new tasks on from it', async () => {
    const record = path.join(scratch.path, '.massgen', 'runs', 'run-planned');
    mkdirSync(record, { recursive: true });
    const recorded = [
      {
        type: 'run-start',
        task: 'Write out.txt',
        strategy: 'vote',
        agents: ['alpha', 'beta'].map((id) => ({ id, provider: 'chatcompletion', modelId: 'm' })),
      },
      { type: 'task-plan', agentId: 'alpha', tasks: [{ id: 'task_1', description: 'Draft', status: 'pending' }] },
      {
        type: 'task-plan',
        agentId: 'alpha',
        tasks: [
          { id: 'task_2', description: 'Write out.txt', status: 'completed' },
          { id: 'task_3', description: 'Check it', status: 'pending', dependsOn: ['task_2'] },
        ],
      },
    ];
    writeFileSync(
      path.join(record, 'events.jsonl'),
      recorded.map((event, seq) => JSON.stringify({ ...event, runId: 'run-planned', seq, time: seq })).join('\n') +
        '\n',
    );
    const restoredPlan: string[] = [];
    const alpha = createScriptedBackend({
      turns: (request) => {
        const results = toolResults(request);
        if (offered(request).includes('vote')) return textTurn('', voteCall('agent1', 'fine'));
        if (!offered(request).includes('new_answer')) return textTurn('Done.');
        if (results.length === 0)
          return textTurn('', { type: 'tool-call', id: 'g', name: 'get_task_plan', input: '{}' });
        if (results.length === 1)
          return textTurn('', { type: 'tool-call', id: 'a', name: 'add_task', input: '{"description":"Report"}' });
        if (results.length === 2) return writeCall('alpha-w');
        restoredPlan.push(...results);
        return textTurn('', newAnswerCall('Alpha: wrote out.txt'));
      },
    });
    const beta = createScriptedBackend({
      turns: (request) =>
        offered(request).includes('vote')
          ? textTurn('', voteCall('agent1', 'fine'))
          : textTurn('', newAnswerCall('Beta: nothing to write')),
    });
    const yaml = teamYaml('    enable_agent_task_planning: true\n');
    const events: RunEvent[] = [];
    await run(parseConfig(yaml, { baseDir: scratch.path, cwd: scratch.path, env: {} }), 'Write out.txt', {
      cwd: scratch.path,
      pluginSearchPaths: [packageDirectory],
      pluginConditions: ['@massgen/source'],
      backends: { alpha, beta },
      resume: readResumableRun(record),
      onEvent: (event) => events.push(event),
    });
    const [listed, added, written] = restoredPlan;
    expect(listed).toContain('[x] task_2: Write out.txt');
    expect(listed).toContain('[ ] task_3: Check it (after task_2)');
    expect(added).toContain('task_4');
    // The plan was there, so the write was not held back for want of one.
    expect(written).not.toMatch(/make your task plan first/);
    // The restored plan is not published again: the record already holds it.
    expect(events.filter((event) => event.type === 'task-plan')).toHaveLength(1);
  });

  it('writes each change of the plan to tasks/plan.json in the agent’s workspace when asked', async () => {
    const { result } = await runTeam('    enable_agent_task_planning: true\n    task_planning_filesystem_mode: true\n');
    const written = JSON.parse(readFileSync(workspace(result.runId, 'ws-alpha', 'tasks', 'plan.json'), 'utf8')) as {
      agentId: string;
      tasks: unknown[];
    };
    expect(written.agentId).toBe('alpha');
    expect(written.tasks).toHaveLength(2);
  });
});
