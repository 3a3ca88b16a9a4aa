import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { useFileTeam } from './team-fixture.js';

const setup = useFileTeam('cli-logs');

describe('plain displays (stdout is not a terminal)', () => {
  it('prints progress lines and the run summary on stderr, the answer alone on stdout', async () => {
    const result = await runCli(['--config', setup.team, 'What is 2+2?'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(result.stderr).toMatch(/alpha is working on an answer/);
    expect(result.stderr).toMatch(/Finished: consensus \(every agent voted\) in \d+\.\ds/);
    expect(result.stderr).toMatch(/Winner: \w+ \(agent\d\.\d\) with 2 of 2 votes/);
    expect(result.stderr).toMatch(/^ {2}alpha +model-alpha +[\d,]+ tok/m);
    expect(result.stderr).toMatch(/Record: \.massgen\/runs\/\S+/);
  });

  it('says nothing but the answer with display type none', async () => {
    const silent = path.join(setup.directory, 'silent.yaml');
    writeFileSync(
      silent,
      `agent:\n  id: solo\n  backend: {type: chatcompletion, model: model-solo, base_url: "${setup.server.url}", api_key: k}\ndisplay:\n  type: none\n`,
    );
    const result = await runCli(['--config', silent, 'What is 2+2?'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(result.stderr).toBe('');
  });
});

describe('massgen logs', () => {
  it('lists the recorded runs, newest first', async () => {
    const runs = readdirSync(path.join(setup.directory, '.massgen', 'runs')).sort();
    const result = await runCli(['logs'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^RUN +STARTED \(UTC\) +TIME +RESULT +WINNER +TASK$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual([...runs].reverse());
    // The newest run is the team of one, which answers directly.
    expect(lines[1]).toMatch(/completed +solo +What is 2\+2\?$/);
  });

  it('limits the list', async () => {
    const result = await runCli(['logs', 'list', '--limit', '1'], { cwd: setup.directory });
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(result.stdout).toMatch(/1 older runs not shown; use --limit/);
  });

  it('shows the latest run: its task, summary and final answer', async () => {
    const result = await runCli(['logs', 'show', 'latest'], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Run \S+\nTask: What is 2\+2\?\n/);
    expect(result.stdout).toContain('Finished: completed');
    expect(result.stdout).toMatch(/Agents:\n {2}solo/);
    expect(result.stdout).toMatch(/Final answer:\nThe answer is 4\.\n$/);
  });

  it('finds a run by the start of its id', async () => {
    const [first] = readdirSync(path.join(setup.directory, '.massgen', 'runs')).sort();
    const result = await runCli(['logs', 'show', first!.slice(0, -3)], { cwd: setup.directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Run ${first}`);
  });

  it('names what it expected for an unknown run, exit code 1', async () => {
    const result = await runCli(['logs', 'show', 'no-such-run'], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'No run "no-such-run" is recorded here. Expected "latest", a run id, or the start of one',
    );
  });

  it('says so when nothing was recorded', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'massgen-cli-logs-empty-'));
    try {
      const result = await runCli(['logs'], { cwd: empty });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('No runs are recorded in .massgen/runs yet.\n');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
