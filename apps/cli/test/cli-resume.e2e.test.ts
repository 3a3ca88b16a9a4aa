import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest } from '@massgen/testing';
import { writeTwoAgentTeam } from './two-agent-team.js';
import { runCli, startCli } from './run-cli.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/** While true, beta never answers a turn that may vote: the run is stopped there. */
let holdBeta: boolean;

const offersVote = (request: FakeChatRequest) => request.tools.some((tool) => tool.function.name === 'vote');

const setup = useFakeServerDirectory('cli-resume', {
  server: () => {
    const team = createTeamResponder({
      answer: { 'model-a': 'Alpha says the capital is Paris.', 'model-b': 'Beta says Paris, on the Seine.' },
      vote: (labels) => (labels.includes('agent2') ? 'agent2' : (labels[0] ?? 'agent1')),
      finalText: 'The team says: Paris, on the Seine.',
    });
    return {
      apiKey: 'test-key',
      responder: (request, context) =>
        holdBeta && request.model === 'model-b' && offersVote(request) ? { type: 'hang' } : team(request, context),
    };
  },
});
beforeEach(() => {
  holdBeta = true;
  writeTwoAgentTeam(setup.directory, setup.server.url);
});

function recordDirectory(): string {
  const runs = path.join(setup.directory, '.massgen', 'runs');
  const [runId] = existsSync(runs) ? readdirSync(runs) : [];
  if (runId === undefined) throw new Error('no run record yet');
  return path.join(runs, runId);
}

function readEvents(): RunEvent[] {
  return readFileSync(path.join(recordDirectory(), 'events.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as RunEvent);
}

/** Both answers are in and alpha's vote on them is recorded, while beta's voting turn hangs. */
function stoppedWithKeptWork(): boolean {
  try {
    const events = readEvents();
    const lastAnswer = events.findLastIndex((event) => event.type === 'answer');
    const answered = new Set(events.flatMap((event) => (event.type === 'answer' ? [event.agentId] : [])));
    const alphaVoted = events.some(
      (event, index) => index > lastAnswer && event.type === 'vote' && event.agentId === 'alpha',
    );
    const betaHangs = setup.server.requests.some((request) => request.model === 'model-b' && offersVote(request));
    return answered.size === 2 && alphaVoted && betaHangs;
  } catch {
    return false;
  }
}

/** Starts a run, waits until it holds two answers and a vote, and stops it with `signal`. */
async function stopMidRun(signal: NodeJS.Signals): Promise<number | null> {
  const started = startCli(['--no-display', '--config', 'team.yaml', 'What is the capital of France?'], {
    cwd: setup.directory,
  });
  await vi.waitFor(() => expect(stoppedWithKeptWork()).toBe(true), { timeout: 60_000, interval: 50 });
  started.child.kill(signal);
  return (await started.done).code;
}

/** Resumes, and checks the record reads as one run that kept its answers and alpha's vote. */
async function resumeAndCheck(): Promise<void> {
  holdBeta = false;
  const requestsBefore = setup.server.requests.length;
  const resumed = await runCli(['resume', '--no-display'], { cwd: setup.directory });
  expect(resumed.stderr).not.toMatch(/\n\s+at /);
  expect(resumed.code).toBe(0);
  expect(resumed.stdout).toBe('The team says: Paris, on the Seine.\n');
  expect(resumed.stderr).toMatch(/Resuming run \S+ \((cancelled|its process died)\): What is the capital of France\?/);

  const events = readEvents();
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
  expect(events.filter((event) => event.type === 'run-start')).toHaveLength(1);
  expect(events.filter((event) => event.type === 'run-end')).toEqual([
    expect.objectContaining({ stopReason: 'consensus', winnerAgentId: 'beta' }),
  ]);
  const answers = events.flatMap((event) => (event.type === 'answer' ? [event.label] : []));
  expect(answers.sort()).toEqual(['agent1.1', 'agent2.1']);
  const resumedAt = events.findIndex((event) => event.type === 'warning' && event.warning.code === 'run-resumed');
  expect(events[resumedAt]).toMatchObject({
    warning: { message: expect.stringMatching(/2 answers and 1 valid vote kept/) },
  });
  // After the resume: no answer again, alpha's vote stands (it is not asked again), beta votes.
  const after = events.slice(resumedAt);
  expect(after.filter((event) => event.type === 'answer')).toEqual([]);
  expect(after.flatMap((event) => (event.type === 'vote' ? [event.agentId] : []))).toEqual(['beta']);
  const newRequests = setup.server.requests.slice(requestsBefore);
  expect(newRequests.filter((request) => request.model === 'model-a' && request.tools.length > 0)).toEqual([]);
  const betaTurn = JSON.stringify(newRequests.find((request) => request.model === 'model-b')?.messages);
  expect(betaTurn).toContain('Alpha says the capital is Paris.');
  expect(betaTurn).toContain('Beta says Paris, on the Seine.');

  expect(readFileSync(path.join(recordDirectory(), 'final.md'), 'utf8')).toBe('The team says: Paris, on the Seine.');
  const status = JSON.parse(readFileSync(path.join(recordDirectory(), 'status.json'), 'utf8')) as { state: string };
  expect(status.state).toBe('finished');
  // The session's turn now ends with the answer, so a follow-up carries it.
  const [session] = JSON.parse((await runCli(['sessions', '--json'], { cwd: setup.directory })).stdout) as Array<{
    turns: number;
    id: string;
  }>;
  expect(session?.turns).toBe(1);
  const shown = await runCli(['sessions', 'show', session!.id], { cwd: setup.directory });
  expect(shown.stdout).toMatch(/run \S+ · consensus/);
  expect(shown.stdout).toContain('The team says: Paris, on the Seine.');
}

describe('massgen resume through the built CLI', () => {
  it('finishes a run stopped by Ctrl-C (SIGINT) with its answers and valid vote kept, and no event twice', async () => {
    expect(await stopMidRun('SIGINT')).toBe(4);
    expect(readEvents().at(-1)).toMatchObject({ type: 'run-end', stopReason: 'cancelled' });
    await resumeAndCheck();
  });

  it('finishes a run whose process was killed with SIGKILL, even with a line cut short at the end of its record', async () => {
    expect(await stopMidRun('SIGKILL')).toBe(null);
    expect(readEvents().some((event) => event.type === 'run-end')).toBe(false);
    // What a write cut off by the kill leaves: the start of an event line, without its end.
    appendFileSync(path.join(recordDirectory(), 'events.jsonl'), '{"type":"agent-delta","agentId":"beta","te');
    await resumeAndCheck();
  });

  it('announces the groups of an islands run once: a resumed run goes on in the stage it had reached', async () => {
    // Groups of one: each agent votes alone in stage 1, then both group winners meet in the final round.
    appendFileSync(path.join(setup.directory, 'team.yaml'), 'orchestrator:\n  topology: {type: islands, size: 1}\n');
    expect(await stopMidRun('SIGINT')).toBe(4);
    holdBeta = false;
    const resumed = await runCli(['resume', '--no-display'], { cwd: setup.directory });

    expect(resumed.code, resumed.stderr).toBe(0);
    const events = readEvents();
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    const groups = events.flatMap((event) =>
      event.type === 'groups' ? [{ stage: event.stage, groups: event.groups }] : [],
    );
    expect(groups).toEqual([
      { stage: 1, groups: [['alpha'], ['beta']] },
      { stage: 2, groups: [['alpha', 'beta']] },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus' });
  });

  it('says why a run cannot be resumed: nothing stopped, or the team differs', async () => {
    const none = await runCli(['resume'], { cwd: setup.directory });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No run recorded here stopped before it concluded');

    expect(await stopMidRun('SIGINT')).toBe(4);
    writeFileSync(
      path.join(setup.directory, 'other.yaml'),
      `agents:\n  - id: gamma\n    backend: {type: chatcompletion, model: model-c, base_url: "${setup.server.url}", api_key: test-key}\n`,
    );
    const other = await runCli(['resume', '--config', 'other.yaml'], { cwd: setup.directory });
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/was started by agents alpha, beta; this configuration has gamma/);

    holdBeta = false;
    expect((await runCli(['resume', '--no-display'], { cwd: setup.directory })).code).toBe(0);
    const finished = await runCli(['resume', path.basename(recordDirectory())], { cwd: setup.directory });
    expect(finished.code).toBe(1);
    expect(finished.stderr).toContain('finished (consensus): there is nothing to resume');
  });
});
