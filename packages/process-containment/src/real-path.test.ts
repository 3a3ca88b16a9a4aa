import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDirectory, realPathOfKind, realPathOrResolved } from './real-path.js';

let root: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-real-path-')));
  mkdirSync(path.join(root, 'directory'));
  writeFileSync(path.join(root, 'directory', 'file.txt'), 'text');
  symlinkSync(path.join(root, 'directory'), path.join(root, 'link'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('real paths', () => {
  it('follow links, and make a missing path absolute', () => {
    expect(realPathOrResolved(path.join(root, 'link', 'file.txt'))).toBe(path.join(root, 'directory', 'file.txt'));
    expect(realPathOrResolved(path.join(root, 'missing'))).toBe(path.join(root, 'missing'));
    expect(realPathOrResolved('missing')).toBe(path.resolve('missing'));
  });

  it('are given only for the kind of entry asked for', () => {
    expect(realPathOfKind(path.join(root, 'link'), 'directory')).toBe(path.join(root, 'directory'));
    expect(realPathOfKind(path.join(root, 'link'), 'file')).toBeUndefined();
    expect(realPathOfKind(path.join(root, 'link', 'file.txt'), 'file')).toBe(path.join(root, 'directory', 'file.txt'));
    expect(realPathOfKind(path.join(root, 'missing'), 'file')).toBeUndefined();
    expect(isDirectory(path.join(root, 'link'))).toBe(true);
    expect(isDirectory(path.join(root, 'link', 'file.txt'))).toBe(false);
    expect(isDirectory(path.join(root, 'missing'))).toBe(false);
  });
});
