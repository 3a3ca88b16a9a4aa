import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRealPath } from './real-path.js';
import { useTemporaryDirectory } from '@massgen/testing/vitest';

const scratch = useTemporaryDirectory('realpath');

describe('resolveRealPath', () => {
  it('returns the real path of an existing file through links in its parents', async () => {
    mkdirSync(path.join(scratch.path, 'real'));
    symlinkSync(path.join(scratch.path, 'real'), path.join(scratch.path, 'alias'));
    await expect(resolveRealPath(path.join(scratch.path, 'alias', '.'))).resolves.toBe(path.join(scratch.path, 'real'));
  });

  it('appends a missing tail to the real path of the deepest existing ancestor', async () => {
    mkdirSync(path.join(scratch.path, 'real'));
    symlinkSync(path.join(scratch.path, 'real'), path.join(scratch.path, 'alias'));
    await expect(resolveRealPath(path.join(scratch.path, 'alias', 'new', 'file.txt'))).resolves.toBe(
      path.join(scratch.path, 'real', 'new', 'file.txt'),
    );
  });

  it('follows dangling links, relative and chained, to where they would create the file', async () => {
    symlinkSync('second', path.join(scratch.path, 'first'));
    symlinkSync('../elsewhere/target.txt', path.join(scratch.path, 'second'));
    await expect(resolveRealPath(path.join(scratch.path, 'first'))).resolves.toBe(
      path.join(path.dirname(scratch.path), 'elsewhere', 'target.txt'),
    );
  });

  it('follows a dangling link in the middle of a path', async () => {
    symlinkSync('/nowhere/at-all', path.join(scratch.path, 'gone'));
    await expect(resolveRealPath(path.join(scratch.path, 'gone', 'child.txt'))).resolves.toBe(
      '/nowhere/at-all/child.txt',
    );
  });

  it('reports a loop of links as PATH_DENIED', async () => {
    symlinkSync('b', path.join(scratch.path, 'a'));
    symlinkSync('a', path.join(scratch.path, 'b'));
    await expect(resolveRealPath(path.join(scratch.path, 'a', 'x'))).rejects.toMatchObject({ code: 'PATH_DENIED' });
  });
});
