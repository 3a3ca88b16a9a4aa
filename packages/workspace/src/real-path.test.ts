import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveRealPath } from './real-path.js';

let directory: string;

beforeEach(() => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-realpath-')));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('resolveRealPath', () => {
  it('returns the real path of an existing file through links in its parents', async () => {
    mkdirSync(path.join(directory, 'real'));
    symlinkSync(path.join(directory, 'real'), path.join(directory, 'alias'));
    await expect(resolveRealPath(path.join(directory, 'alias', '.'))).resolves.toBe(path.join(directory, 'real'));
  });

  it('appends a missing tail to the real path of the deepest existing ancestor', async () => {
    mkdirSync(path.join(directory, 'real'));
    symlinkSync(path.join(directory, 'real'), path.join(directory, 'alias'));
    await expect(resolveRealPath(path.join(directory, 'alias', 'new', 'file.txt'))).resolves.toBe(
      path.join(directory, 'real', 'new', 'file.txt'),
    );
  });

  it('follows dangling links, relative and chained, to where they would create the file', async () => {
    symlinkSync('second', path.join(directory, 'first'));
    symlinkSync('../elsewhere/target.txt', path.join(directory, 'second'));
    await expect(resolveRealPath(path.join(directory, 'first'))).resolves.toBe(
      path.join(path.dirname(directory), 'elsewhere', 'target.txt'),
    );
  });

  it('follows a dangling link in the middle of a path', async () => {
    symlinkSync('/nowhere/at-all', path.join(directory, 'gone'));
    await expect(resolveRealPath(path.join(directory, 'gone', 'child.txt'))).resolves.toBe('/nowhere/at-all/child.txt');
  });

  it('reports a loop of links as PATH_DENIED', async () => {
    symlinkSync('b', path.join(directory, 'a'));
    symlinkSync('a', path.join(directory, 'b'));
    await expect(resolveRealPath(path.join(directory, 'a', 'x'))).rejects.toMatchObject({ code: 'PATH_DENIED' });
  });
});
