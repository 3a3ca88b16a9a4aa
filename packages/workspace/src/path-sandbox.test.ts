import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWriteFileTool } from './file-tools/write-file-tool.js';
import { callTool, useSandboxFixture } from './sandbox-test-support.js';

const fixture = useSandboxFixture();

const denied = { code: 'PATH_DENIED' };

/** Expects write_file to refuse writing `content` at `relativePath` as outside the agent's directories. */
async function expectWriteRefused(relativePath: string, content: string): Promise<void> {
  const result = await callTool(createWriteFileTool(fixture().sandbox, ''), { path: relativePath, content });
  expect(result).toMatchObject({
    isError: true,
    content: expect.stringContaining('outside the directories you may use'),
  });
}

/**
 * Expects the sandbox to refuse, as protected, a write at `segments` below the context path even
 * from the agent presenting the final answer, the one agent a writable context path lets in.
 */
async function expectProtectedFromPresenter(...segments: string[]): Promise<void> {
  fixture().presenting = true;
  await expect(fixture().sandbox.resolve(path.join(fixture().context, ...segments), 'write')).rejects.toMatchObject({
    ...denied,
    message: expect.stringContaining('protected'),
  });
}

describe('PathSandbox: what it lets through', () => {
  it('resolves relative paths in the workspace, peers/<label>/ in the snapshot and absolute context paths', async () => {
    await expect(fixture().sandbox.resolve('notes/plan.md', 'write')).resolves.toMatchObject({
      realPath: path.join(fixture().workspace, 'notes', 'plan.md'),
      displayPath: path.join('notes', 'plan.md'),
    });
    await expect(fixture().sandbox.resolve('peers/agent2/answer.md', 'read')).resolves.toMatchObject({
      realPath: path.join(fixture().snapshot, 'answer.md'),
      displayPath: 'peers/agent2/answer.md',
    });
    await expect(fixture().sandbox.resolve(path.join(fixture().context, 'notes.md'), 'read')).resolves.toMatchObject({
      realPath: path.join(fixture().context, 'notes.md'),
    });
  });

  it('keeps peers and read-only context paths read-only, and says why', async () => {
    await expect(fixture().sandbox.resolve('peers/agent2/answer.md', 'write')).rejects.toMatchObject({
      ...denied,
      message: expect.stringContaining("agent2's shared work"),
    });
    await expect(fixture().sandbox.resolve(path.join(fixture().context, 'new.md'), 'write')).rejects.toMatchObject({
      ...denied,
      message: expect.stringContaining('writable only for the agent that presents the final answer'),
    });
    fixture().presenting = true;
    await expect(fixture().sandbox.resolve(path.join(fixture().context, 'new.md'), 'write')).resolves.toMatchObject({
      realPath: path.join(fixture().context, 'new.md'),
    });
  });

  it('names an unknown peer and the peers there are', async () => {
    await expect(fixture().sandbox.resolve('peers/agent9/x.md', 'read')).rejects.toMatchObject({
      ...denied,
      message: 'No shared work from "agent9" yet. Available: peers/agent2.',
    });
  });

  it('keeps a private area inside a context path closed, even to reading', async () => {
    await expect(
      fixture().sandbox.resolve(path.join(fixture().context, 'private', 'draft.txt'), 'read'),
    ).rejects.toMatchObject(denied);
  });
});

describe('PathSandbox: known escapes', () => {
  it('refuses ".." traversal out of the workspace and out of a peer snapshot', async () => {
    await expect(fixture().sandbox.resolve('../outside/secret.txt', 'read')).rejects.toMatchObject(denied);
    await expect(fixture().sandbox.resolve('notes/../../outside/secret.txt', 'read')).rejects.toMatchObject(denied);
    await expect(fixture().sandbox.resolve('peers/agent2/../../../outside/secret.txt', 'read')).rejects.toMatchObject(
      denied,
    );
    await expect(fixture().sandbox.resolve(`${fixture().context}/../outside/secret.txt`, 'read')).rejects.toMatchObject(
      denied,
    );
  });

  it('refuses a sibling whose name extends an allowed directory (CVE-2025-53110)', async () => {
    await expect(fixture().sandbox.resolve(`${fixture().context}_evil/secret.txt`, 'read')).rejects.toMatchObject(
      denied,
    );
    await expect(fixture().sandbox.resolve('../workspace_evil/secret.txt', 'read')).rejects.toMatchObject(denied);
    await expect(fixture().sandbox.resolve(`${fixture().workspace}_evil/new.txt`, 'write')).rejects.toMatchObject(
      denied,
    );
  });

  it('refuses a symbolic link inside the workspace that points outside, to a file or a directory (CVE-2025-53109)', async () => {
    symlinkSync(path.join(fixture().outside, 'secret.txt'), path.join(fixture().workspace, 'innocent.txt'));
    symlinkSync(fixture().outside, path.join(fixture().workspace, 'docs'));
    await expect(fixture().sandbox.resolve('innocent.txt', 'read')).rejects.toMatchObject(denied);
    await expect(fixture().sandbox.resolve('docs/secret.txt', 'read')).rejects.toMatchObject(denied);
    await expect(fixture().sandbox.resolve('docs/new.txt', 'write')).rejects.toMatchObject(denied);
  });

  it('refuses a broken symbolic link that points outside, rather than creating its target', async () => {
    const target = path.join(fixture().outside, 'created-by-agent.txt');
    symlinkSync(target, path.join(fixture().workspace, 'dangling.txt'));
    symlinkSync(path.join(fixture().outside, 'missing-dir'), path.join(fixture().workspace, 'dangling-dir'));
    await expect(fixture().sandbox.resolve('dangling.txt', 'write')).rejects.toMatchObject(denied);
    await expect(fixture().sandbox.resolve('dangling-dir/file.txt', 'write')).rejects.toMatchObject(denied);
    await expectWriteRefused('dangling.txt', 'escaped');
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a write through an existing symbolic link to a file outside, leaving the file untouched', async () => {
    const target = path.join(fixture().outside, 'secret.txt');
    symlinkSync(target, path.join(fixture().workspace, 'report.txt'));
    await expectWriteRefused('report.txt', 'overwritten');
    expect(readFileSync(target, 'utf8')).toBe('outside secret');
  });

  it('refuses a path with a NUL byte before interpreting it', async () => {
    await expect(fixture().sandbox.resolve('notes.md\u0000.png', 'read')).rejects.toMatchObject({
      ...denied,
      message: expect.stringContaining('NUL byte'),
    });
    await expect(fixture().sandbox.resolve(`${fixture().context}/notes.md\u0000`, 'write')).rejects.toMatchObject({
      ...denied,
      message: expect.stringContaining('NUL byte'),
    });
  });

  it('refuses absolute paths outside every root', async () => {
    await expect(fixture().sandbox.resolve('/etc/passwd', 'read')).rejects.toMatchObject(denied);
    await expect(fixture().sandbox.resolve(path.join(fixture().outside, 'secret.txt'), 'read')).rejects.toMatchObject(
      denied,
    );
    await expect(fixture().sandbox.resolve(fixture().root, 'read')).rejects.toMatchObject(denied);
  });

  it('refuses Unicode look-alikes: a sibling spelt with a Cyrillic letter, and a protected path spelt in decomposed form', async () => {
    // "contеxt" with a Cyrillic "е" (U+0435) is another directory, not the context path.
    const lookAlike = path.join(fixture().root, 'cont\u0435xt');
    mkdirSync(lookAlike);
    writeFileSync(path.join(lookAlike, 'secret.txt'), 'look-alike secret');
    await expect(fixture().sandbox.resolve(path.join(lookAlike, 'secret.txt'), 'read')).rejects.toMatchObject(denied);

    // On normalising filesystems (APFS, HFS+) "café" and "cafe" + U+0301 are one file.
    const protectedComposed = path.join(fixture().context, 'caf\u00e9');
    mkdirSync(protectedComposed);
    fixture().protectedPaths.push(protectedComposed);
    await expectProtectedFromPresenter('cafe\u0301', 'menu.txt');
  });

  it('treats look-alike dots as names, never as a way up', async () => {
    // U+2025 (two dot leader) and U+FF0F (fullwidth solidus) are ordinary characters on POSIX.
    const resolved = await fixture().sandbox.resolve('\u2025\uff0f\u2025\uff0foutside', 'write');
    expect(resolved.realPath).toBe(path.join(fixture().workspace, '\u2025\uff0f\u2025\uff0foutside'));
  });

  it('refuses a write into a protected path of a writable context path, but allows the rest', async () => {
    await expectProtectedFromPresenter('keep', 'original.txt');
    await expect(
      fixture().sandbox.resolve(path.join(fixture().context, 'keep', 'sub', 'new.txt'), 'write'),
    ).rejects.toMatchObject(denied);
    await expect(fixture().sandbox.resolve(path.join(fixture().context, 'keep'), 'write')).rejects.toMatchObject(
      denied,
    );
    await expect(
      fixture().sandbox.resolve(path.join(fixture().context, 'keep', 'original.txt'), 'read'),
    ).resolves.toBeDefined();
    await expect(fixture().sandbox.resolve(path.join(fixture().context, 'keeper.txt'), 'write')).resolves.toBeDefined();
  });

  it('refuses a symbolic link loop with a clear message', async () => {
    symlinkSync(path.join(fixture().workspace, 'b'), path.join(fixture().workspace, 'a'));
    symlinkSync(path.join(fixture().workspace, 'a'), path.join(fixture().workspace, 'b'));
    await expect(fixture().sandbox.resolve('a', 'write')).rejects.toMatchObject({
      ...denied,
      message: expect.stringContaining('loop of symbolic links'),
    });
  });

  it('refuses a path that is not a string', async () => {
    await expect(fixture().sandbox.resolve(42, 'read')).rejects.toMatchObject({
      ...denied,
      message: '"path" must be a path given as a string, not a number.',
    });
  });
});
