import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '@massgen/testing';
import { runCli, startCli } from './run-cli.js';
import { fourTeam, useTeamFixture } from './team-fixture.js';
import { tmuxAvailable } from './tmux-terminal.js';

const readme = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'), 'utf8');

const fixture = useTeamFixture('record');

interface RunRecordFiles {
  files: string[];
  answers: string[];
  votes: Array<{ voter: string; stale: boolean }>;
  status: { stopReason: string; agents: Record<string, { state: string; error?: { code: string } }> };
}

function latestRecord(): RunRecordFiles {
  const record = fixture.latestRecord();
  return {
    files: readdirSync(record).sort(),
    answers: readdirSync(path.join(record, 'answers')).sort(),
    votes: fixture.recordedJson<RunRecordFiles['votes']>('votes.json'),
    status: fixture.recordedJson<RunRecordFiles['status']>('status.json'),
  };
}

const allFive = ['answers', 'events.jsonl', 'final.md', 'status.json', 'votes.json'];
const withoutFinal = ['answers', 'events.jsonl', 'status.json', 'votes.json'];

describe('what each kind of run leaves in its record, as the README says', () => {
  it('the README describes the five files and what each kind of run leaves', () => {
    for (const file of [
      '`events.jsonl`',
      '`status.json`',
      '`answers/<label>-<agent>.md`',
      '`votes.json`',
      '`final.md`',
    ])
      expect(readme).toContain(`| ${file} |`);
    expect(readme).toContain(
      'an **answered** run (consensus, a limit, or a team of one answering\ndirectly) has all five',
    );
    expect(readme).toContain('A **failed** run (every agent failed before any answer) has no\n`final.md`');
    expect(readme).toContain(
      'A **cancelled** run\n(`q`, Ctrl-C) keeps every answer and vote so far, and has no `final.md`.',
    );
  });

  it('answered: all five files, each answer named by its label and author', async () => {
    const result = await runCli(['--no-display', '--config', fixture.writeTeam(['alpha', 'beta']), 'What is 2+2?'], {
      cwd: fixture.directory,
    });
    expect(result.code).toBe(0);
    const record = latestRecord();
    expect(record.files).toEqual(allFive);
    expect(record.answers).toEqual(['agent1.1-alpha.md', 'agent2.1-beta.md']);
    expect(record.votes.length).toBeGreaterThan(0);
  });

  it('answered by a team of one: all five files, one answer, no votes', async () => {
    const file = path.join(fixture.directory, 'solo.yaml');
    writeFileSync(
      file,
      `agent:\n  id: solo\n  backend: { type: chatcompletion, model: m, base_url: "${fixture.server.url}" }\n`,
    );
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: fixture.directory });
    expect(result.code).toBe(0);
    const record = latestRecord();
    expect(record.files).toEqual(allFive);
    expect(record.answers).toEqual(['agent1.1-solo.md']);
    expect(record.votes).toEqual([]);
  });

  it('failed: no final.md, no answers, the errors in status.json by code', async () => {
    fixture.server.setResponder(() => ({ type: 'error', status: 401 }));
    const result = await runCli(['--no-display', '--config', fixture.writeTeam(['alpha', 'beta']), 'What is 2+2?'], {
      cwd: fixture.directory,
    });
    expect(result.code).toBe(2);
    const record = latestRecord();
    expect(record.files).toEqual(withoutFinal);
    expect(record.answers).toEqual([]);
    expect(record.status).toMatchObject({
      stopReason: 'all-agents-failed',
      agents: { alpha: { state: 'failed', error: { code: 'BACKEND_AUTH' } } },
    });
  });

  it('cancelled: every answer so far, no final.md, and the agents it cut off mid-turn are stopped, not working', async () => {
    // Answers come at once; every later turn waits until the run is cancelled.
    const never = createDeferred<never>();
    fixture.server.setResponder(async (request, context) => {
      if (JSON.stringify(request.messages).includes(`Four, says ${request.model}.`)) await never.promise;
      return fourTeam(request, context);
    });
    const started = startCli(['--no-display', '--config', fixture.writeTeam(['alpha', 'beta']), 'What is 2+2?'], {
      cwd: fixture.directory,
    });
    let progress = '';
    await new Promise<void>((resolve) => {
      started.child.stderr?.on('data', (chunk: Buffer) => {
        progress += chunk.toString();
        if ((progress.match(/answered \(agent/g) ?? []).length === 2) resolve();
      });
    });
    started.child.kill('SIGINT');
    const result = await started.done;
    expect(result.code).toBe(4);
    const record = latestRecord();
    expect(record.files).toEqual(withoutFinal);
    expect(record.answers).toEqual(['agent1.1-alpha.md', 'agent2.1-beta.md']);
    expect(record.status.stopReason).toBe('cancelled');
    expect(record.status.agents).toMatchObject({ alpha: { state: 'stopped' }, beta: { state: 'stopped' } });
    expect(result.stderr).toContain(
      `the 2 answers given so far are in ${path.relative(fixture.directory, path.join(fixture.latestRecord(), 'answers'))}, and massgen resume goes on with this run.`,
    );
  });

  it.skipIf(!tmuxAvailable)('answered now (a): all five files; the agent still working is shown stopped', async () => {
    const never = createDeferred<never>();
    fixture.server.setResponder(async (request, context) => {
      if (request.tools.length > 0 && JSON.stringify(request.messages).includes(`Four, says ${request.model}.`))
        await never.promise;
      return fourTeam(request, context);
    });
    const file = fixture.writeTeam(['alpha', 'beta']);
    const terminal = fixture.startTerminal(['--config', file, 'What is 2+2?']);
    await terminal.waitForScreen((screen) => screen.includes('Votes: none yet · 2 answers'), 'two answers');
    terminal.sendKeys('a');
    expect(await terminal.waitForExit()).toBe(0);
    const record = latestRecord();
    expect(record.files).toEqual(allFive);
    expect(record.answers).toEqual(['agent1.1-alpha.md', 'agent2.1-beta.md']);
    expect(record.status.stopReason).toBe('answer-now');
    // One presented; the other was cut off reviewing: its card and the summary say so.
    expect(
      Object.values(record.status.agents)
        .map((agent) => agent.state)
        .sort(),
    ).toEqual(['done', 'stopped']);
    const shown = terminal.history();
    expect(shown).toContain('■ stopped');
    expect(shown).toMatch(/answer agent\d\.1 is chosen, with no votes cast \(answer-now\)/);
    expect(shown).toMatch(/1 answer, stopped while working/);
  });
});
