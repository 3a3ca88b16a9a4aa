import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, useSandboxFixture } from '../sandbox-test-support.js';
import { createCopyFileTool } from './copy-file-tool.js';

const fixture = useSandboxFixture({
  files: { 'snapshot/site/index.html': '<h1>peer</h1>', 'snapshot/site/css/main.css': 'h1 {}' },
});

/** Runs copy_file as agent alpha in the current test's sandbox. */
const copyFile = (input: unknown) => callTool(createCopyFileTool(fixture().sandbox, ''), input);

describe('copy_file', () => {
  it("copies a peer's file into the workspace, replacing what is there", async () => {
    writeFileSync(path.join(fixture().workspace, 'answer.md'), 'old');
    const result = await copyFile({ source: 'peers/agent2/answer.md', destination: 'answer.md' });
    expect(result).toEqual({ content: 'Copied peers/agent2/answer.md to answer.md (10 bytes).' });
    expect(readFileSync(path.join(fixture().workspace, 'answer.md'), 'utf8')).toBe('peer work\n');
  });

  it("copies a peer's directory tree", async () => {
    const result = await copyFile({ source: 'peers/agent2/site', destination: 'site' });
    expect(result).toEqual({ content: 'Copied peers/agent2/site to site: 2 files in 2 directories.' });
    expect(readFileSync(path.join(fixture().workspace, 'site', 'css', 'main.css'), 'utf8')).toBe('h1 {}');
  });

  it('does not write through a symbolic link that already sits inside the destination directory', async () => {
    mkdirSync(path.join(fixture().workspace, 'site'));
    symlinkSync(fixture().outside, path.join(fixture().workspace, 'site', 'css'));
    const result = await copyFile({ source: 'peers/agent2/site', destination: 'site' });
    expect(result.content).toContain('1 entries left out');
    expect(readdirSync(fixture().outside)).toEqual(['secret.txt']);
  });

  it('leaves protected paths alone when copying a tree into a writable context path', async () => {
    fixture().presenting = true;
    mkdirSync(path.join(fixture().workspace, 'keep'));
    writeFileSync(path.join(fixture().workspace, 'keep', 'original.txt'), 'replaced');
    writeFileSync(path.join(fixture().workspace, 'fresh.txt'), 'fresh');
    const result = await copyFile({ source: '.', destination: fixture().context });
    expect(result.content).toContain('entries left out');
    expect(readFileSync(path.join(fixture().context, 'keep', 'original.txt'), 'utf8')).toBe('keep me');
    expect(readFileSync(path.join(fixture().context, 'fresh.txt'), 'utf8')).toBe('fresh');
  });

  it('refuses a destination it may not write and a source it may not read', async () => {
    await expect(
      copyFile({ source: 'peers/agent2/answer.md', destination: path.join(fixture().outside, 'stolen.md') }),
    ).resolves.toMatchObject({ isError: true });
    await expect(
      copyFile({ source: path.join(fixture().outside, 'secret.txt'), destination: 'secret.txt' }),
    ).resolves.toMatchObject({ isError: true });
    expect(existsSync(path.join(fixture().outside, 'stolen.md'))).toBe(false);
    expect(existsSync(path.join(fixture().workspace, 'secret.txt'))).toBe(false);
  });

  it('refuses to copy a directory into itself', async () => {
    mkdirSync(path.join(fixture().workspace, 'a'));
    await expect(copyFile({ source: 'a', destination: 'a/b' })).resolves.toMatchObject({
      isError: true,
      content: expect.stringContaining('cannot be copied into itself'),
    });
  });

  it('refuses to copy a named pipe, alone or inside a directory, without waiting on it', async () => {
    execFileSync('mkfifo', [path.join(fixture().workspace, 'pipe')]);
    mkdirSync(path.join(fixture().workspace, 'tree'));
    execFileSync('mkfifo', [path.join(fixture().workspace, 'tree', 'pipe')]);
    writeFileSync(path.join(fixture().workspace, 'tree', 'kept.txt'), 'kept');
    await expect(copyFile({ source: 'pipe', destination: 'copy' })).resolves.toEqual({
      content: '"pipe" is neither a file nor a directory.',
      isError: true,
    });
    await expect(copyFile({ source: 'tree', destination: 'tree-copy' })).resolves.toEqual({
      content:
        'Copied tree to tree-copy: 1 files in 1 directories; 1 entries left out (links, special files, or places you may not read or write).',
    });
    expect(readdirSync(path.join(fixture().workspace, 'tree-copy'))).toEqual(['kept.txt']);
  });
});
