import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkspaceRoot } from '@massgen/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { judgeToolUse, readableDirectories, toolPaths, type ClaudeCodeWorkspace } from './workspace-confinement.js';

let root: string;
let workspace: ClaudeCodeWorkspace;
let roots: WorkspaceRoot[];

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-confinement-')));
  for (const directory of ['ws', 'shared', 'out/keep', 'peer', 'other-ws', 'secret'])
    mkdirSync(path.join(root, directory), { recursive: true });
  writeFileSync(path.join(root, 'shared', 'brief.md'), 'brief');
  roots = [
    { path: path.join(root, 'other-ws'), access: 'none' },
    { path: path.join(root, 'peer'), access: 'read', name: 'peers/agent2' },
    { path: path.join(root, 'shared'), access: 'read', name: path.join(root, 'shared') },
    { path: path.join(root, 'out'), access: 'write' },
    { path: path.join(root, 'ws'), access: 'write' },
  ];
  workspace = {
    directory: path.join(root, 'ws'),
    roots: () => roots,
    protectedPaths: () => [path.join(root, 'out', 'keep')],
  };
});

const at = (...parts: string[]): string => path.join(root, ...parts);

describe('confining Claude Code to its workspace', () => {
  it('lets it read and write its workspace, by relative or absolute path', async () => {
    await expect(judgeToolUse('Write', { file_path: 'hello.txt', content: 'hi' }, workspace)).resolves.toEqual({
      allowed: true,
    });
    await expect(judgeToolUse('Edit', { file_path: at('ws', 'src', 'a.ts') }, workspace)).resolves.toEqual({
      allowed: true,
    });
    await expect(judgeToolUse('Read', { file_path: at('ws', 'hello.txt') }, workspace)).resolves.toEqual({
      allowed: true,
    });
    await expect(judgeToolUse('Grep', { pattern: 'todo' }, workspace)).resolves.toEqual({ allowed: true });
  });

  it('refuses anything outside its roots, however the path is spelled', async () => {
    for (const file of [
      at('secret', 'x.txt'),
      '../secret/x.txt',
      at('ws', '..', 'secret', 'x.txt'),
      '/etc/passwd',
      `${at('ws')}_evil/x.txt`,
    ]) {
      const decision = await judgeToolUse('Read', { file_path: file }, workspace);
      expect(decision, file).toMatchObject({ allowed: false });
    }
    const decision = await judgeToolUse('Write', { file_path: '/tmp/elsewhere.txt' }, workspace);
    expect(decision).toEqual({
      allowed: false,
      reason: expect.stringContaining(`outside your workspace (${at('ws')})`),
    });
  });

  it('follows symbolic links to where they lead', async () => {
    symlinkSync(at('secret'), at('ws', 'door'));
    await expect(judgeToolUse('Write', { file_path: 'door/x.txt' }, workspace)).resolves.toMatchObject({
      allowed: false,
    });
    symlinkSync(at('secret', 'planted.txt'), at('ws', 'dangling.txt'));
    await expect(judgeToolUse('Write', { file_path: 'dangling.txt' }, workspace)).resolves.toMatchObject({
      allowed: false,
    });
  });

  it('lets it read context paths and peers but write only where the run allows, never protected paths', async () => {
    await expect(judgeToolUse('Read', { file_path: at('shared', 'brief.md') }, workspace)).resolves.toEqual({
      allowed: true,
    });
    await expect(judgeToolUse('Glob', { pattern: '**/*', path: at('peer') }, workspace)).resolves.toEqual({
      allowed: true,
    });
    const shared = await judgeToolUse('Edit', { file_path: at('shared', 'brief.md') }, workspace);
    expect(shared).toEqual({
      allowed: false,
      reason: expect.stringContaining('which you may read but not change now'),
    });
    await expect(judgeToolUse('Write', { file_path: at('peer', 'x') }, workspace)).resolves.toMatchObject({
      reason: expect.stringContaining('peers/agent2'),
    });
    await expect(judgeToolUse('Write', { file_path: at('out', 'site.html') }, workspace)).resolves.toEqual({
      allowed: true,
    });
    await expect(judgeToolUse('Write', { file_path: at('out', 'keep', 'LICENSE') }, workspace)).resolves.toMatchObject({
      reason: expect.stringContaining('protected'),
    });
    await expect(judgeToolUse('Read', { file_path: at('other-ws', 'x') }, workspace)).resolves.toMatchObject({
      allowed: false,
    });
  });

  it('reads the roots again for every decision, so access follows the run', async () => {
    roots = roots.map((entry) => (entry.path === at('ws') ? { ...entry, access: 'read' } : entry));
    await expect(judgeToolUse('Write', { file_path: 'late.txt' }, workspace)).resolves.toMatchObject({
      allowed: false,
    });
  });

  it('checks where an absolute glob starts and refuses NUL characters', async () => {
    await expect(judgeToolUse('Glob', { pattern: '/etc/**/*.conf' }, workspace)).resolves.toMatchObject({
      allowed: false,
    });
    await expect(judgeToolUse('Glob', { pattern: `${at('shared')}/*.md` }, workspace)).resolves.toEqual({
      allowed: true,
    });
    await expect(judgeToolUse('Read', { file_path: 'a\0b' }, workspace)).resolves.toMatchObject({
      reason: expect.stringContaining('NUL'),
    });
  });

  it('leaves tools that name no files to the other rules', async () => {
    expect(toolPaths('Bash', { command: 'cat /etc/passwd' })).toBeUndefined();
    expect(toolPaths('mcp__massgen__new_answer', { content: 'x' })).toBeUndefined();
    await expect(judgeToolUse('WebFetch', { url: 'https://example.com' }, workspace)).resolves.toEqual({
      allowed: true,
    });
  });

  it('lists the other directories Claude Code may open', () => {
    expect(readableDirectories(workspace)).toEqual([at('peer'), at('shared'), at('out')]);
  });
});
