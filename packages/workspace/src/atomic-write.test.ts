import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFileAtomic, writeFileAtomic } from './atomic-write.js';
import { useTemporaryDirectory } from '@massgen/testing/vitest';

const scratch = useTemporaryDirectory('atomic');

describe('writeFileAtomic', () => {
  it('creates a file, then replaces its content, leaving no temporary file behind', async () => {
    const file = path.join(scratch.path, 'plan.md');
    await writeFileAtomic(file, 'first');
    await writeFileAtomic(file, 'second');
    expect(readFileSync(file, 'utf8')).toBe('second');
    expect(readdirSync(scratch.path)).toEqual(['plan.md']);
  });

  it('keeps the mode bits of the file it replaces', async () => {
    const file = path.join(scratch.path, 'run.sh');
    writeFileSync(file, 'echo old');
    chmodSync(file, 0o750);
    await writeFileAtomic(file, 'echo new');
    expect(statSync(file).mode & 0o777).toBe(0o750);
  });

  it('replaces a symbolic link at the target instead of writing through it', async () => {
    const victim = path.join(scratch.path, 'victim.txt');
    writeFileSync(victim, 'untouched');
    const link = path.join(scratch.path, 'link.txt');
    symlinkSync(victim, link);
    await writeFileAtomic(link, 'new content');
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(link).isSymbolicLink()).toBe(false);
    expect(readFileSync(link, 'utf8')).toBe('new content');
  });

  it('removes its temporary file when the rename fails', async () => {
    const target = path.join(scratch.path, 'a-directory');
    await writeFileAtomic(path.join(target, 'inner.txt'), 'x').catch(() => undefined);
    // The target's directory is missing: nothing may be left anywhere.
    expect(readdirSync(scratch.path)).toEqual([]);
    const occupied = path.join(scratch.path, 'occupied');
    mkdirSync(path.join(occupied, 'child'), { recursive: true });
    await expect(writeFileAtomic(occupied, 'x')).rejects.toMatchObject({
      code: expect.stringMatching(/^(EISDIR|ENOTEMPTY|EEXIST)$/),
    });
    expect(readdirSync(scratch.path)).toEqual(['occupied']);
  });
});

describe('copyFileAtomic', () => {
  it('copies over an existing file and over a symbolic link without following it', async () => {
    const source = path.join(scratch.path, 'source.txt');
    writeFileSync(source, 'copied');
    const victim = path.join(scratch.path, 'victim.txt');
    writeFileSync(victim, 'untouched');
    const link = path.join(scratch.path, 'link.txt');
    symlinkSync(victim, link);
    await copyFileAtomic(source, link);
    expect(readFileSync(link, 'utf8')).toBe('copied');
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
  });
});
