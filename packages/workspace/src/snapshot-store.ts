import { randomBytes } from 'node:crypto';
import { mkdir, realpath, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { copyTree } from './copy-tree.js';
import type { CopyTreeResult } from './copy-tree.js';
import { isWithin } from './path-containment.js';
import { errorCode } from './real-path.js';

export interface Snapshot {
  label: string;
  /** Real path of the snapshot directory. */
  directory: string;
  copied: CopyTreeResult;
}

/**
 * Keeps a copy of an agent's workspace for every answer, under the answer's anonymous label
 * (`<storage>/agent2.1/`). Each copy is written under a temporary name and renamed into place
 * when complete, so a peer reading the latest snapshot never sees a half-made one.
 */
export class SnapshotStore {
  /**
   * @param directory where this run's snapshots go (`<snapshot_storage>/<runId>`).
   * @param excluded real paths never copied into a snapshot when they lie inside a workspace:
   *   other agents' workspaces, the workspace root and the snapshot storage itself.
   */
  constructor(
    private readonly directory: string,
    private readonly excluded: readonly string[],
  ) {}

  async capture(workspace: string, label: string): Promise<Snapshot> {
    await mkdir(this.directory, { recursive: true });
    const name = safeName(label);
    const staging = path.join(this.directory, `.staging-${name}-${randomBytes(6).toString('hex')}`);
    const excludedInside = this.excluded.filter((excluded) => excluded !== workspace && isWithin(workspace, excluded));
    try {
      const copied = await copyTree(workspace, staging, {
        symlinks: 'verbatim',
        include: (source) => !excludedInside.some((excluded) => isWithin(excluded, source)),
      });
      const directory = await this.settle(staging, name);
      return { label, directory: await realpath(directory), copied };
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

/** Labels come from the strategy; anything that could name another directory is replaced. */
function safeName(label: string): string {
  const cleaned = label.replace(/[^\p{L}\p{N}._-]/gu, '_');
  return cleaned === '' || /^\.+$/.test(cleaned) ? `snapshot${cleaned.length}` : cleaned;
}
