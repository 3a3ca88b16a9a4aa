import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import type { FakeChatRequest, FakeReply } from '@massgen/testing';
import { runCli } from './run-cli.js';
import type { CliRun } from './run-cli.js';
import { agentYaml, useTeamFixture } from './team-fixture.js';

const fixture = useTeamFixture('planning');

const offered = (request: FakeChatRequest): string[] => request.tools.map((tool) => tool.function.name);
const toolResults = (request: FakeChatRequest): string[] =>
  request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content));
/** The system message's text; the OpenAI-compatible backend sends it as one string. */
const systemText = (request: FakeChatRequest): string => {
  const content = request.messages.find((message) => message.role === 'system')?.content;
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
};
const call = (name: string, args: Record<string, unknown>): FakeReply => ({
  type: 'tool-calls',
  calls: [{ name, arguments: args }],
});

/**
 * alpha tries to write out.txt, then plans (when the task tools are offered), then answers;
 * beta answers at once; both vote for alpha once its answer is in view. Presenting, alpha
 * writes out.txt and reports what its write returned.
 */
function team(request: FakeChatRequest): FakeReply {
  const results = toolResults(request);
  const seen = JSON.stringify(request.messages);
  if (offered(request).includes('vote') && seen.includes('Alpha: write out.txt'))
    return call('vote', { agent_id: 'agent1', reason: 'It has the plan.' });
  if (offered(request).includes('new_answer')) {
    if (request.model === 'model-beta') return call('new_answer', { content: 'Beta: nothing to write.' });
    if (results.length === 0) return call('write_file', { path: 'out.txt', content: 'done' });
    if (results.length === 1 && offered(request).includes('create_task_plan'))
      return call('create_task_plan', {
        tasks: [{ description: 'Write out.txt' }, { description: 'Check it', depends_on: ['task_1'] }],
      });
    return call('new_answer', { content: 'Alpha: write out.txt with "done".' });
  }
  if (results.length === 0) return call('write_file', { path: 'out.txt', content: 'done' });
  return { type: 'text', text: `1. Write out.txt with "done". (write_file said: ${results[0]})` };
}

function writeTeam(coordination = ''): string {
  const agents = ['alpha', 'beta'].map((id) => agentYaml(id, fixture.server.url, `, cwd: ws-${id}`)).join('');
  const file = path.join(fixture.directory, 'team.yaml');
  writeFileSync(
    file,
    `agents:\n${agents}${coordination === '' ? '' : `orchestrator:\n  coordination:\n${coordination}`}`,
  );
  return file;
}

/** Runs the team in `file` without a display, `args` after it, and expects it to succeed. */
async function runTeamFile(file: string, args: string[]): Promise<CliRun> {
  const result = await runCli(['--config', file, '--no-display', ...args], { cwd: fixture.directory });
  expect(result.code).toBe(0);
  return result;
}

const workspaceFile = (runId: string, agent: string, file: string): string =>
  path.join(fixture.directory, '.massgen', 'workspaces', runId, `ws-${agent}`, file);
const toolResultsOf = (events: RunEvent[], agentId: string, name: string) =>
  events.filter(
    (event): event is Extract<RunEvent, { type: 'tool-result' }> =>
      event.type === 'tool-result' && event.agentId === agentId && event.name === name,
  );

describe('planning mode and agent task planning (upstream keys)', () => {
  it('holds file writes while the team coordinates, shows and records each plan, and the winner writes as it presents', async () => {
    fixture.server.setResponder(team);
    const file = writeTeam(
      '    enable_planning_mode: true\n    enable_agent_task_planning: true\n    max_tasks_per_plan: 5\n',
    );
    const result = await runTeamFile(file, ['Write out.txt']);
    expect(result.stdout).toMatch(/^1\. Write out\.txt with "done"\. \(write_file said: Wrote 4 bytes to out\.txt\.\)/);
    // Progress lines say how far alpha's plan has come.
    expect(result.stderr).toContain("alpha's plan: 0 of 2 done, next: task_1 Write out.txt");
    const events = fixture.recordedEvents();
    const runId = events[0]!.runId;
    const writes = toolResultsOf(events, 'alpha', 'write_file');
    expect(writes[0]?.output).toMatch(/^write_file was not run: planning mode holds back tools/);
    expect(writes.at(-1)?.isError).toBe(false);
    expect(readFileSync(workspaceFile(runId, 'alpha', 'out.txt'), 'utf8')).toBe('done');
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'task-plan',
        agentId: 'alpha',
        tasks: [
          { id: 'task_1', description: 'Write out.txt', status: 'pending' },
          { id: 'task_2', description: 'Check it', status: 'pending', dependsOn: ['task_1'] },
        ],
      }),
    );
    const status = fixture.recordedJson<{ agents: Record<string, { plan?: unknown[] }> }>('status.json');
    expect(status.agents['alpha']?.plan).toHaveLength(2);
    // Every request carries the rules in its system message and the task tools.
    for (const request of fixture.server.requests) {
      expect(systemText(request)).toContain('While the team coordinates, tools that change files');
      expect(systemText(request)).toContain('Keep your own task list with create_task_plan');
      expect(systemText(request)).toContain('(at most 5 tasks)');
      expect(offered(request)).toContain('create_task_plan');
    }
  });

  it('validates upstream’s planning keys without calling them unsupported, and says what they will do', async () => {
    const file = writeTeam(
      '    enable_planning_mode: true\n    planning_mode_instruction: "Plan only."\n    enable_agent_task_planning: true\n    task_planning_filesystem_mode: true\n    max_tasks_per_plan: 10\n',
    );
    const result = await runCli(['--validate', file], { cwd: fixture.directory });
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('not support');
    expect(result.stdout).toContain('planning mode: while the team coordinates, tools that change files');
    expect(result.stdout).toContain(
      'task planning: each agent keeps a task list (up to 10 tasks) and makes it before any tool that changes anything runs; each list is also written to tasks/plan.json in its workspace',
    );
  });
});

describe('massgen --plan, --execute-plan and --plan-and-execute', () => {
  it('--plan writes the winner’s plan to a file for approval and changes nothing; --execute-plan carries it out', async () => {
    fixture.server.setResponder(team);
    const file = writeTeam();
    const planned = await runTeamFile(file, ['--plan', 'Write out.txt']);
    const planRunId = fixture.recordedEvents()[0]!.runId;
    const planFile = path.join('.massgen', 'plans', `${planRunId}.md`);
    expect(planned.stderr).toContain(
      `Plan written to ${planFile}; nothing was changed. Review it, then carry it out: massgen --config ${file} --execute-plan ${planFile}`,
    );
    // Even the presenter's write was refused.
    expect(existsSync(workspaceFile(planRunId, 'alpha', 'out.txt'))).toBe(false);
    const plan = readFileSync(path.join(fixture.directory, planFile), 'utf8');
    expect(plan).toMatch(
      /^# Task\n\nWrite out\.txt\n\n## Plan\n\n1\. Write out\.txt with "done"\. \(write_file said: Error: write_file was not run: this run only makes a plan/,
    );
    for (const request of fixture.server.requests)
      expect(systemText(request)).toContain('This run only makes a plan for a person to approve.');

    const before = fixture.server.requests.length;
    await runTeamFile(file, ['--execute-plan', planFile]);
    const runId = fixture.recordedEvents()[0]!.runId;
    expect(readFileSync(workspaceFile(runId, 'alpha', 'out.txt'), 'utf8')).toBe('done');
    const first = fixture.server.requests[before]!;
    const asked = JSON.stringify(first.messages);
    expect(asked).toContain('Carry out the plan below; a person has approved it.');
    expect(asked).toContain('## Plan');
    expect(asked).not.toContain('Made by massgen --plan');
    expect(systemText(first)).not.toContain('only makes a plan');
  });

  it('--plan-and-execute plans, writes the plan down, then has the team carry it out', async () => {
    fixture.server.setResponder(team);
    const file = writeTeam();
    const result = await runTeamFile(file, ['--plan-and-execute', 'Write out.txt']);
    const plans = readdirSync(path.join(fixture.directory, '.massgen', 'plans'));
    expect(plans).toHaveLength(1);
    expect(result.stderr).toContain(
      `Plan written to ${path.join('.massgen', 'plans', plans[0]!)}; the team now carries it out.`,
    );
    const runId = fixture.recordedEvents()[0]!.runId;
    expect(`${runId}.md`).not.toBe(plans[0]);
    expect(readFileSync(workspaceFile(runId, 'alpha', 'out.txt'), 'utf8')).toBe('done');
  });

  it('documents the flags in --help and refuses two of them together', async () => {
    const help = await runCli(['--help'], { cwd: fixture.directory });
    expect(help.stdout).toContain('--plan ');
    expect(help.stdout).toContain('--plan-and-execute');
    expect(help.stdout).toContain('--execute-plan <file>');
    const both = await runCli(['--config', writeTeam(), '--plan', '--plan-and-execute', 'q'], {
      cwd: fixture.directory,
    });
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('Use one of --plan and --plan-and-execute, not both.');
  });
});
