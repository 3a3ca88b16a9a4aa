import {
  lstatSync,
  statSync,
  truncateSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SnapshotStore } from './snapshot-store.js';
import { useTemporaryDirectory } from '@massgen/testing/vitest';

const scratch = useTemporaryDirectory('snapshots');
let workspace: string;
let storage: string;

beforeEach(() => {
  workspace = path.join(scratch.path, 'workspace');
  storage = path.join(scratch.path, 'snapshots', 'run-1');
  mkdirSync(path.join(workspace, 'src'), { recursive: true });
  writeFileSync(path.join(workspace, 'src', 'main.ts'), 'export {};\n');
  writeFileSync(path.join(workspace, 'README.md'), 'v1');
});

describe('SnapshotStore', () => {
  it('copies the workspace under the answer label, unaffected by later changes', async () => {
    const store = new SnapshotStore(storage, []);
    const snapshot = await store.capture(workspace, 'agent1.1');
    expect(snapshot.directory).toBe(path.join(storage, 'agent1.1'));
    expect(snapshot.copied).toEqual({ files: 2, directories: 2, links: 0, skipped: 0 });
    expect(snapshot.leftOut).toEqual([]);
    writeFileSync(path.join(workspace, 'README.md'), 'v2');
    expect(readFileSync(path.join(snapshot.directory, 'README.md'), 'utf8')).toBe('v1');
    expect(readFileSync(path.join(snapshot.directory, 'src', 'main.ts'), 'utf8')).toBe('export {};\n');
    expect(readdirSync(storage)).toEqual(['agent1.1']);
  });

  it('keeps symbolic links as links, never copying what they point at', async () => {
    writeFileSync(path.join(scratch.path, 'outside.txt'), 'outside');
    symlinkSync(path.join(scratch.path, 'outside.txt'), path.join(workspace, 'link.txt'));
    const snapshot = await new SnapshotStore(storage, []).capture(workspace, 'agent1.1');
    const copy = path.join(snapshot.directory, 'link.txt');
    expect(lstatSync(copy).isSymbolicLink()).toBe(true);
    expect(readlinkSync(copy)).toBe(path.join(scratch.path, 'outside.txt'));
  });

  it('leaves out private areas that lie inside the workspace', async () => {
    const other = path.join(workspace, 'nested-agent');
    mkdirSync(other);
    writeFileSync(path.join(other, 'draft.md'), 'not mine');
    const snapshot = await new SnapshotStore(storage, [other, path.dirname(workspace)]).capture(workspace, 'agent1.1');
    expect(readdirSync(snapshot.directory).sort()).toEqual(['README.md', 'src']);
  });

  it('never overwrites an existing snapshot, and names labels that could escape safely', async () => {
    const store = new SnapshotStore(storage, []);
    const first = await store.capture(workspace, 'agent1.final');
    const second = await store.capture(workspace, 'agent1.final');
    expect(second.directory).toBe(path.join(storage, 'agent1.final-2'));
    expect(first.directory).not.toBe(second.directory);
    const escaping = await store.capture(workspace, '../../escape');
    expect(path.dirname(escaping.directory)).toBe(storage);
    expect(readdirSync(storage).sort()).toEqual(['.._.._escape', 'agent1.final', 'agent1.final-2']);
  });

  it('shares unchanged files with the previous snapshot of the same workspace, and copies changed ones', async () => {
    const store = new SnapshotStore(storage, []);
    const first = await store.capture(workspace, 'agent1.1');
    writeFileSync(path.join(workspace, 'README.md'), 'v2');
    const second = await store.capture(workspace, 'agent1.2');
    const inode = (snapshot: { directory: string }, file: string) => statSync(path.join(snapshot.directory, file)).ino;
    expect(inode(second, path.join('src', 'main.ts'))).toBe(inode(first, path.join('src', 'main.ts')));
    expect(inode(second, 'README.md')).not.toBe(inode(first, 'README.md'));
    expect(second.shared).toBe(1);
    expect(readFileSync(path.join(first.directory, 'README.md'), 'utf8')).toBe('v1');
    expect(readFileSync(path.join(second.directory, 'README.md'), 'utf8')).toBe('v2');
  });

  it('leaves out a file over the per-file limit, sparse or not, and files past the per-snapshot limit', async () => {
    // 10 GB that take no disk: copied, it would fill it.
    writeFileSync(path.join(workspace, 'huge.bin'), '');
    truncateSync(path.join(workspace, 'huge.bin'), 10 * 1024 ** 3);
    writeFileSync(path.join(workspace, 'a.txt'), 'x'.repeat(600));
    writeFileSync(path.join(workspace, 'b.txt'), 'y'.repeat(600));
    const store = new SnapshotStore(storage, [], { maxFileBytes: 1000, maxSnapshotBytes: 1000 });
    const snapshot = await store.capture(workspace, 'agent1.1');
    expect(snapshot.leftOut).toEqual([
      { file: 'b.txt', reason: 'the snapshot reached its 1000-byte limit' },
      { file: 'huge.bin', reason: `${10 * 1024 ** 3} bytes, over the 1000-byte limit per file` },
    ]);
    expect(readdirSync(snapshot.directory).sort()).toEqual(['README.md', 'a.txt', 'src']);
  });
});
