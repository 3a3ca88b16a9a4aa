import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { containmentMode } from './containment-mode.js';
import { killAllContained, spawnContained } from './spawn-contained.js';
import type { ContainmentMode } from './containment-mode.js';

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-containment-'));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** Starts a command that leaves its group in every way a shell can, and reports the pids it left. */
const escapingCommand = (pidFile: string, sleep: string): string =>
  [
    `${sleep} & echo $! >> ${pidFile}`,
    `setsid ${sleep} & echo $! >> ${pidFile}`,
    `setsid -w sh -c '${sleep} & echo $! >> ${pidFile}'`,
    `(sh -c '${sleep} & echo $! >> ${pidFile}')`,
  ].join('\n');

/** A sleep no other test runs, so that finding it running means it is this test's. */
const uniqueSleep = (): string => `sleep 300.${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;

const running = (sleep: string): string =>
  execFileSync('sh', ['-c', `pgrep -f '^${sleep}$' || true`], { encoding: 'utf8' }).trim();

const pidsIn = (file: string): number[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => Number(line.split(' ').pop()));

const modes: ContainmentMode[] = ['process-group', 'pid-namespace'];
const linux = process.platform === 'linux';

describe.skipIf(!linux)('spawnContained', () => {
  it.each(modes)('under %s, ends what a command left behind, whether it left the group or not', async (mode) => {
    if (mode === 'pid-namespace' && containmentMode() !== 'pid-namespace') {
      console.warn('bubblewrap cannot make a PID namespace here (is bwrap installed?); skipping that mode');
      return;
    }
    const pidFile = path.join(directory, 'pids');
    const sleep = uniqueSleep();
    const contained = spawnContained('/bin/sh', ['-c', `${escapingCommand(pidFile, sleep)}\nexit 0`], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
      stdio: 'ignore',
      mode,
    });
    const [code] = (await once(contained.child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(pidsIn(pidFile)).toHaveLength(4);
    expect(running(sleep)).toBe('');
  });

  it('ends everything still running when asked, and says which mode it used', async () => {
    const sleep = uniqueSleep();
    const contained = spawnContained('/bin/sh', ['-c', `setsid ${sleep} & ${sleep}`], {
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
      stdio: 'ignore',
    });
    await once(contained.child, 'spawn');
    expect(['pid-namespace', 'process-group']).toContain(contained.mode);
    killAllContained();
    await once(contained.child, 'exit');
    expect(running(sleep)).toBe('');
  });
});
