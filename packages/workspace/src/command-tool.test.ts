import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { compileCommandPolicy } from './command-policy.js';
import { createCommandTool } from './command-tool.js';
import { callTool } from './sandbox-test-support.js';
import { useTemporaryDirectory } from '@massgen/testing/vitest';

const scratch = useTemporaryDirectory('command-tool');
let open: boolean;

beforeEach(() => {
  open = true;
});

function tool(allowedCommands: string[] = [], blockedCommands: string[] = []) {
  return createCommandTool({
    workspace: scratch.path,
    policy: compileCommandPolicy({ allowedCommands, blockedCommands }),
    isOpen: () => open,
  });
}

describe('execute_command', () => {
  it('runs in the workspace and reports the exit code and output', async () => {
    const result = await callTool(tool(), { command: 'echo hello > greeting.txt && cat greeting.txt' });
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(
      /^\$ echo hello > greeting.txt && cat greeting.txt\nexit code 0 \(\d+\.\d s\)\n--- stdout ---\nhello\n$/,
    );
    expect(readFileSync(path.join(scratch.path, 'greeting.txt'), 'utf8')).toBe('hello\n');
  });

  it('marks a failing command as an error, with its stderr', async () => {
    const result = await callTool(tool(), { command: 'ls no-such-file' });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/exit code [12] /);
    expect(result.content).toContain('--- stderr ---');
  });

  it('refuses commands the lists do not allow, without running them', async () => {
    const allowOnly = tool(['echo.*']);
    await expect(callTool(allowOnly, { command: 'echo ok; touch made.txt' })).resolves.toEqual({
      content: 'Command refused: "touch made.txt" matches none of the allowed patterns ("echo.*").',
      isError: true,
    });
    await expect(callTool(tool([], ['touch.*']), { command: 'touch made.txt' })).resolves.toMatchObject({
      isError: true,
      content: expect.stringContaining('blocked pattern'),
    });
    expect(() => readFileSync(path.join(scratch.path, 'made.txt'))).toThrow();
  });

  it('says when the time limit stopped the command', async () => {
    const result = await callTool(tool(), { command: 'sleep 300', timeout_seconds: 1 });
    expect(result).toMatchObject({
      isError: true,
      content: expect.stringContaining('stopped: it ran past the 1 s time limit'),
    });
  });

  it('checks its input and refuses calls after the run has ended', async () => {
    await expect(callTool(tool(), { command: 'ls', timeout_seconds: 0 })).resolves.toEqual({
      content: 'Invalid arguments for execute_command: timeout_seconds: Too small: expected number to be >=1.',
      isError: true,
    });
    open = false;
    await expect(callTool(tool(), { command: 'ls' })).resolves.toEqual({
      content: 'The run has ended; no more commands run.',
      isError: true,
    });
  });

  it('names its allow and block lists in its description', () => {
    expect(tool(['python.*'], ['pip.*']).description).toContain(
      'Only commands matching these patterns may run: "python.*". Blocked: "pip.*".',
    );
  });
});
