import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, realpath, rename, rm } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { copyFileAtomic } from './atomic-write.js';
import { copyTree } from './copy-tree.js';
import type { CopyTreeResult } from './copy-tree.js';
import { isWithin } from './path-containment.js';
import { errorCode } from './real-path.js';

/** What one snapshot may hold. */
export interface SnapshotLimits {
  /** A larger file (by its apparent size, so a sparse file counts in full) is left out. */
  maxFileBytes: number;
  /** Files are left out once the snapshot's files add up to this many bytes. */
  maxSnapshotBytes: number;
}

export const defaultSnapshotLimits: SnapshotLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxSnapshotBytes: 500 * 1024 * 1024,
};

export interface Snapshot {
  label: string;
  /** Real path of the snapshot directory. */
  directory: string;
  copied: CopyTreeResult;
  /** Files that are the same as in the author's previous snapshot, shared with it (hard links). */
  shared: number;
  /** Files left out for their size, each with the reason, relative to the workspace. */
  leftOut: Array<{ file: string; reason: string }>;
}

/** A file as last captured: the source's identity and where its copy is. */
interface CapturedFile {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  copy: string;
}

/**
 * Keeps a copy of an agent's workspace for every answer, under the answer's anonymous label
 * (`<storage>/agent2.1/`). Each copy is written under a temporary name and renamed into place
 * when complete, so a peer reading the latest snapshot never sees a half-made one. A file that
 * has not changed since the author's previous snapshot (same inode, size, modification and
 * change times) is a hard link to the copy there instead of a new copy: snapshots are only ever
 * read, so they may share. Files over `limits.maxFileBytes`, and any past
 * `limits.maxSnapshotBytes` in all, are left out and reported.
 */
export class SnapshotStore {
  private readonly previous = new Map<string, Map<string, CapturedFile>>();

  /**
   * @param directory where this run's snapshots go (`<snapshot_storage>/<runId>`).
   * @param excluded real paths never copied into a snapshot when they lie inside a workspace:
   *   other agents' workspaces, the workspace root and the snapshot storage itself.
   */
  constructor(
    private readonly directory: string,
    private readonly excluded: readonly string[],
    private readonly limits: SnapshotLimits = defaultSnapshotLimits,
  ) {}

  async capture(workspace: string, label: string): Promise<Snapshot> {
    await mkdir(this.directory, { recursive: true });
    const name = safeName(label);
    const staging = path.join(this.directory, `.staging-${name}-${randomBytes(6).toString('hex')}`);
    const excludedInside = this.excluded.filter((excluded) => excluded !== workspace && isWithin(workspace, excluded));
    const earlier = this.previous.get(workspace) ?? new Map<string, CapturedFile>();
    const captured = new Map<string, { stats: Stats; relative: string }>();
    const leftOut: Snapshot['leftOut'] = [];
    let bytes = 0;
    let shared = 0;
    const copyOne = async (source: string, destination: string): Promise<boolean> => {
      const stats = await lstat(source);
      const relative = path.relative(workspace, source);
      if (stats.size > this.limits.maxFileBytes) {
        leftOut.push({
          file: relative,
          reason: `${stats.size} bytes, over the ${this.limits.maxFileBytes}-byte limit per file`,
        });
        return false;
      }
      if (bytes + stats.size > this.limits.maxSnapshotBytes) {
        leftOut.push({ file: relative, reason: `the snapshot reached its ${this.limits.maxSnapshotBytes}-byte limit` });
        return false;
      }
      bytes += stats.size;
      const before = earlier.get(relative);
      if (before !== undefined && unchanged(before, stats) && (await linked(before.copy, destination))) shared += 1;
      else await copyFileAtomic(source, destination);
      captured.set(relative, { stats, relative });
      return true;
    };
    try {
      const copied = await copyTree(workspace, staging, {
        symlinks: 'verbatim',
        include: (source) => !excludedInside.some((excluded) => isWithin(excluded, source)),
        copyFile: copyOne,
      });
      const directory = await realpath(await this.settle(staging, name));
      this.previous.set(
        workspace,
        new Map(
          [...captured.values()].map(({ stats, relative }) => [
            relative,
            {
              size: stats.size,
              mtimeMs: stats.mtimeMs,
              ctimeMs: stats.ctimeMs,
              ino: stats.ino,
              copy: path.join(directory, relative),
            },
          ]),
        ),
      );
      return { label, directory, copied, shared, leftOut };
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
  }

  /** Renames the finished copy to its label, or to `label-2`, `label-3`... if that is taken. */
  private async settle(staging: string, name: string): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const target = path.join(this.directory, attempt === 1 ? name : `${name}-${attempt}`);
      try {
        await rename(staging, target);
        return target;
      } catch (error) {
        const code = errorCode(error);
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      }
    }
  }
}

function unchanged(before: CapturedFile, now: Stats): boolean {
  return (
    before.ino === now.ino &&
    before.size === now.size &&
    before.mtimeMs === now.mtimeMs &&
    before.ctimeMs === now.ctimeMs
  );
}

/** Links the earlier copy into the new snapshot; false when the file system cannot (another device, too many links). */
async function linked(earlierCopy: string, destination: string): Promise<boolean> {
  try {
    await link(earlierCopy, destination);
    return true;
  } catch {
    return false;
  }
}

/** Labels come from the strategy; anything that could name another directory is replaced. */
function safeName(label: string): string {
  const cleaned = label.replace(/[^\p{L}\p{N}._-]/gu, '_');
  return cleaned === '' || /^\.+$/.test(cleaned) ? `snapshot${cleaned.length}` : cleaned;
}
