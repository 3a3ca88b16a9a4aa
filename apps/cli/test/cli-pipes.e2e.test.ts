import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { useFileTeam } from './team-fixture.js';

/** What a shell reports for a program whose output pipe closed: 128 + SIGPIPE. */
const closedPipeStatus = 141;
const stackTrace = /\n\s+at |Unhandled|EPIPE/;
const setup = useFileTeam('cli-pipes');

function latestStatus(): { state: string; stopReason: string } {
  const runs = path.join(setup.directory, '.massgen', 'runs');
  const latest = readdirSync(runs).sort().at(-1);
  if (latest === undefined) throw new Error('no run record');
  return JSON.parse(readFileSync(path.join(runs, latest, 'status.json'), 'utf8')) as {
    state: string;
    stopReason: string;
  };
}

describe('writing to a closed pipe (massgen ... | head)', () => {
  const commands: Array<[string, () => string[]]> = [
    ['--help', () => ['--help']],
    ['--version', () => ['--version']],
    ['--show-schema', () => ['--show-schema']],
    ['--show-schema --json', () => ['--show-schema', '--json']],
    ['--list-examples', () => ['--list-examples']],
    ['--validate', () => ['--validate', setup.team]],
    ['logs', () => ['logs']],
    ['serve --help', () => ['serve', '--help']],
    ['init --help', () => ['init', '--help']],
  ];
  it.each(commands)('%s ends quietly with status 141', async (_name, args) => {
    const result = await runCli(args(), { cwd: setup.directory, closeStdout: true });
    expect(result.stderr).not.toMatch(stackTrace);
    expect(result.code).toBe(closedPipeStatus);
  });

  it('a --no-display run still finishes and records everything, then ends quietly with status 141', async () => {
    const result = await runCli(['--no-display', '--config', setup.team, 'What is 2+2?'], {
      cwd: setup.directory,
      closeStdout: true,
    });
    expect(result.stderr).not.toMatch(stackTrace);
    expect(result.stderr).toContain('stop reason: consensus');
    expect(result.code).toBe(closedPipeStatus);
    expect(latestStatus()).toMatchObject({ state: 'finished', stopReason: 'consensus' });
  });

  it('through a real shell pipe into head, the schema (larger than a pipe holds) ends with status 141 and no trace', async () => {
    const { spawnSync } = await import('node:child_process');
    const bin = path.resolve(import.meta.dirname, '../bin/massgen.js');
    const result = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${bin}" --show-schema --json | head -c 5; echo " status=\${PIPESTATUS[0]}"`],
      { cwd: setup.directory, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('{\n  " status=141\n');
  });
});

describe('the question from standard input', () => {
  it('is read when no question is given and input is piped in (echo "q" | massgen --config t.yaml)', async () => {
    const result = await runCli(['--no-display', '--config', setup.team], {
      cwd: setup.directory,
      stdin: 'What is 2+2?\n',
    });
    expect(result.stderr).not.toMatch(stackTrace);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(lastAsked()).toContain('What is 2+2?');
  });

  it('is read when the question is -', async () => {
    const result = await runCli(['--no-display', '--config', setup.team, '-'], {
      cwd: setup.directory,
      stdin: 'Which number is four?',
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(lastAsked()).toContain('Which number is four?');
  });

  it('says so when standard input is empty, with exit code 1 and no run', async () => {
    const runs = path.join(setup.directory, '.massgen', 'runs');
    const before = readdirSync(runs).length;
    const result = await runCli(['--no-display', '--config', setup.team], { cwd: setup.directory, stdin: '  \n' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No question given: standard input was empty');
    expect(readdirSync(runs)).toHaveLength(before);
  });
});

/** What the newest request to the fake server asked, all its messages' contents together. */
function lastAsked(): string | undefined {
  return setup.server.requests
    .at(-1)
    ?.messages.map((message) => JSON.stringify(message.content))
    .join('\n');
}
