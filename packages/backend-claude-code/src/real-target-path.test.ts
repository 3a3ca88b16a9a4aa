import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { realTargetPath } from './real-target-path.js';

let root: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-real-target-')));
  mkdirSync(path.join(root, 'inside'));
  mkdirSync(path.join(root, 'outside'));
});

describe('the real target of a path', () => {
  it('is the path itself for real files, and the real parent plus the rest for new ones', async () => {
    expect(await realTargetPath(path.join(root, 'inside'))).toBe(path.join(root, 'inside'));
    expect(await realTargetPath(path.join(root, 'inside', 'new', 'deep.txt'))).toBe(
      path.join(root, 'inside', 'new', 'deep.txt'),
    );
    expect(await realTargetPath(path.join(root, 'inside', '..', 'outside', 'x'))).toBe(path.join(root, 'outside', 'x'));
  });

  it('follows a symbolic link directory, and a dangling link to where it points', async () => {
    symlinkSync(path.join(root, 'outside'), path.join(root, 'inside', 'door'));
    expect(await realTargetPath(path.join(root, 'inside', 'door', 'secret.txt'))).toBe(
      path.join(root, 'outside', 'secret.txt'),
    );
    symlinkSync(path.join(root, 'outside', 'not-yet.txt'), path.join(root, 'inside', 'trap.txt'));
    expect(await realTargetPath(path.join(root, 'inside', 'trap.txt'))).toBe(path.join(root, 'outside', 'not-yet.txt'));
    symlinkSync('../outside/later', path.join(root, 'inside', 'relative'));
    expect(await realTargetPath(path.join(root, 'inside', 'relative', 'file'))).toBe(
      path.join(root, 'outside', 'later', 'file'),
    );
  });

  it('gives up on a loop of links', async () => {
    symlinkSync(path.join(root, 'inside', 'b'), path.join(root, 'inside', 'a'));
    symlinkSync(path.join(root, 'inside', 'a'), path.join(root, 'inside', 'b'));
    expect(await realTargetPath(path.join(root, 'inside', 'a', 'file'))).toBeUndefined();
  });
});
