import { describe, expect, it } from 'vitest';
import { runCommand } from './command-runner.js';
import { useTemporaryDirectory } from '@massgen/testing/vitest';

const scratch = useTemporaryDirectory('command');
const output = { headCharacters: 1000, tailCharacters: 200 };
const neverCancelled = new AbortController().signal;

/** Runs `command` in the test's directory, with the output limits above. */
function runInScratch(command: string, timeoutMs: number, signal: AbortSignal = neverCancelled) {
  return runCommand({ command, cwd: scratch.path, timeoutMs, signal, output });
}

describe('runCommand', () => {
  it('runs in the given directory and reports the exit code and both streams', async () => {
    const result = await runInScratch('pwd; echo oops >&2; exit 3', 30_000);
    expect(result).toMatchObject({
      exitCode: 3,
      stdout: `${scratch.path}\n`,
      stderr: 'oops\n',
      timedOut: false,
      cancelled: false,
    });
  });

  it('does not pass API keys or other variables through to the command', async () => {
    process.env['MASSGEN_TEST_SECRET_KEY'] = 'sk-should-not-leak';
    try {
      const result = await runInScratch('env', 30_000);
      expect(result.stdout).not.toContain('sk-should-not-leak');
      expect(result.stdout).toContain('PATH=');
    } finally {
      delete process.env['MASSGEN_TEST_SECRET_KEY'];
    }
  });

  // In these two tests a background sleep holds the output pipe, and the call ends only when the
  // pipe closes: its ending at all (long before the sleep would) shows the sleep was killed.
  it('kills the command and everything it started when the time limit passes', async () => {
    const result = await runInScratch('sleep 300 & wait', 300);
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signalName: 'SIGKILL' });
  });

  it('kills background processes the command leaves behind when it exits', async () => {
    const result = await runInScratch('sleep 300 & echo started', 20_000);
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: 'started\n' });
  });

  it('stops when the call is cancelled', async () => {
    const controller = new AbortController();
    const running = runInScratch('echo started; sleep 300', 60_000, controller.signal);
    controller.abort();
    await expect(running).resolves.toMatchObject({ cancelled: true, timedOut: false, exitCode: null });
  });

  it('caps long output, keeping its start and end', async () => {
    const result = await runInScratch('seq 1 100000', 30_000);
    expect(result.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(result.stdout.endsWith('99999\n100000\n')).toBe(true);
    expect(result.stdout).toMatch(/\[\.\.\. \d+ characters omitted \.\.\.\]/);
    expect(result.stdout.length).toBeLessThan(1300);
  });
});
