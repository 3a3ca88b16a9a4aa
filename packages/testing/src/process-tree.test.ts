import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  descendantProcessIdentities,
  descendantProcesses,
  isProcessRunning,
  isSameProcessRunning,
  processCommandLine,
} from './process-tree.js';

describe.runIf(process.platform === 'linux')('process tree', () => {
  it('finds a child and its grandchild, and sees them gone once they exit', async () => {
    const child = spawn(process.execPath, [
      '-e',
      `const { spawn } = require('node:child_process');
       const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'grandchild-marker'], { stdio: 'ignore' });
       console.log(grandchild.pid);
       process.stdin.on('end', () => { grandchild.kill(); process.exit(0); });
       process.stdin.resume();`,
    ]);
    const [line] = (await once(child.stdout.setEncoding('utf8'), 'data')) as [string];
    const grandchildPid = Number(line.trim());
    expect(descendantProcesses(process.pid)).toEqual(expect.arrayContaining([child.pid, grandchildPid]));
    expect(processCommandLine(grandchildPid)).toContain('grandchild-marker');
    expect(isProcessRunning(grandchildPid)).toBe(true);

    child.stdin.end();
    await once(child, 'close');
    expect(isProcessRunning(child.pid!)).toBe(false);
    await expect.poll(() => isProcessRunning(grandchildPid), { timeout: 10_000 }).toBe(false);
  });

  it('tells a process from a later one given the same pid, by its start time', async () => {
    const child = spawn(process.execPath, ['-e', 'process.stdin.resume()']);
    const identity = descendantProcessIdentities(process.pid).find((found) => found.pid === child.pid);
    expect(identity).toBeDefined();
    if (identity === undefined) return;
    expect(isSameProcessRunning(identity)).toBe(true);
    // The same pid started at another time is another process.
    expect(isSameProcessRunning({ ...identity, startTime: identity.startTime + 1 })).toBe(false);
    child.stdin.end();
    await once(child, 'close');
    expect(isSameProcessRunning(identity)).toBe(false);
  });

  it('reports a process that does not exist as not running', () => {
    expect(isProcessRunning(2 ** 22 + 1)).toBe(false);
    expect(processCommandLine(2 ** 22 + 1)).toBe('');
  });
});
