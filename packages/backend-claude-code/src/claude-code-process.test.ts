import type { SpawnedProcess } from '@anthropic-ai/claude-agent-sdk';
import { chmodSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { descendantProcesses } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { ClaudeCodeProcess } from './claude-code-process.js';

function script(body: string): string {
  const directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-claude-process-')));
  const file = path.join(directory, 'fake-claude.sh');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Starts a shell script with `body` as the process `owner` runs, with only PATH in its environment. */
function spawnScript(owner: ClaudeCodeProcess, body: string, signal = new AbortController().signal): SpawnedProcess {
  return owner.spawn({ command: script(body), args: [], env: { PATH: process.env['PATH'] }, signal });
}

describe('the Claude Code process', () => {
  it('keeps the end of stderr and resolves once the process has exited', async () => {
    const process_ = new ClaudeCodeProcess();
    const child = spawnScript(process_, 'echo "starting" >&2\necho "fatal: no config" >&2\nexit 3');
    await process_.exited();
    expect(child.exitCode).toBe(3);
    expect(process_.stderrTail()).toBe('starting\nfatal: no config');
  });

  it('stops a running process at once when asked, or when the SDK aborts its signal', async () => {
    const stopped = new ClaudeCodeProcess();
    const child = spawnScript(stopped, 'exec sleep 600');
    expect(descendantProcesses(process.pid)).toHaveLength(1);
    await stopped.stop();
    expect(child.signalCode).toBe('SIGTERM');
    expect(descendantProcesses(process.pid)).toEqual([]);

    const aborted = new ClaudeCodeProcess();
    const controller = new AbortController();
    const second = spawnScript(aborted, 'exec sleep 600', controller.signal);
    controller.abort();
    await aborted.exited();
    expect(second.signalCode).toBe('SIGTERM');
  });

  it('has nothing to wait for when it never started or could not start', async () => {
    await expect(new ClaudeCodeProcess().stop()).resolves.toBeUndefined();
    const missing = new ClaudeCodeProcess();
    missing.spawn({ command: '/nonexistent/claude', args: [], env: {}, signal: new AbortController().signal });
    await expect(missing.exited()).resolves.toBeUndefined();
  });
});
