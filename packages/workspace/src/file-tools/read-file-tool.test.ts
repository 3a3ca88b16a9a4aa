import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, useSandboxFixture } from '../sandbox-test-support.js';
import { createReadFileTool } from './read-file-tool.js';

const fixture = useSandboxFixture();

describe('read_file', () => {
  it('reads the workspace, a peer snapshot and a context path', async () => {
    const tool = createReadFileTool(fixture().sandbox, '');
    writeFileSync(path.join(fixture().workspace, 'mine.txt'), 'my text');
    await expect(callTool(tool, { path: 'mine.txt' })).resolves.toEqual({ content: 'my text' });
    await expect(callTool(tool, { path: 'peers/agent2/answer.md' })).resolves.toEqual({ content: 'peer work\n' });
    await expect(callTool(tool, { path: path.join(fixture().context, 'notes.md') })).resolves.toEqual({
      content: '# Notes\nshared line\n',
    });
  });

  it('returns a range of lines', async () => {
    writeFileSync(path.join(fixture().workspace, 'lines.txt'), 'one\ntwo\nthree\nfour');
    const tool = createReadFileTool(fixture().sandbox, '');
    await expect(callTool(tool, { path: 'lines.txt', start_line: 2, line_count: 2 })).resolves.toEqual({
      content: 'two\nthree',
    });
    await expect(callTool(tool, { path: 'lines.txt', start_line: 9 })).resolves.toEqual({
      content: '"lines.txt" has only 4 lines.',
    });
  });

  it('shortens a long file and says how to read on', async () => {
    writeFileSync(
      path.join(fixture().workspace, 'long.txt'),
      Array.from({ length: 30_000 }, (_, index) => `line ${index + 1}`).join('\n'),
    );
    const result = await callTool(createReadFileTool(fixture().sandbox, ''), { path: 'long.txt' });
    expect(result.content.length).toBeLessThan(101_000);
    expect(result.content).toMatch(/\[Shown: lines 1-\d+ of 30000\. Read on with start_line \d+\.\]$/);
  });

  it('explains failures in words, with the path as the agent wrote it and never the real one', async () => {
    const tool = createReadFileTool(fixture().sandbox, '');
    writeFileSync(path.join(fixture().workspace, 'image.png'), Buffer.from([0x89, 0x50, 0x00, 0x01]));
    const failures: Array<[input: unknown, content: string]> = [
      [{ path: 'missing.txt' }, '"missing.txt" does not exist.'],
      [{ path: 'image.png' }, '"image.png" is a binary file; only text files can be read.'],
      [{ path: '.' }, '"." is a directory; list it instead.'],
      [{ path: 'peers/agent2/nothing.md' }, '"peers/agent2/nothing.md" does not exist.'],
      [{}, 'Invalid arguments for read_file: path: Invalid input: expected string, received undefined.'],
      ['notes.md', 'Invalid arguments for read_file: Invalid input: expected object, received string.'],
    ];
    for (const [input, content] of failures) {
      await expect(callTool(tool, input)).resolves.toEqual({ content, isError: true });
    }
  });

  it('refuses a named pipe, a socket or a device at once instead of waiting on it', async () => {
    const tool = createReadFileTool(fixture().sandbox, '');
    execFileSync('mkfifo', [path.join(fixture().workspace, 'pipe')]);
    const socketServer = createServer().listen(path.join(fixture().workspace, 'socket'));
    await once(socketServer, 'listening');
    await expect(callTool(tool, { path: 'pipe' })).resolves.toEqual({
      content: '"pipe" is a named pipe; only regular files are read.',
      isError: true,
    });
    await expect(callTool(tool, { path: 'socket' })).resolves.toEqual({
      content: '"socket" is a socket; only regular files are read.',
      isError: true,
    });
    socketServer.close();
  });
});
