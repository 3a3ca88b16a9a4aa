import { copyFile, constants, lstat, mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';
import { MassGenError } from '@massgen/core';

export interface CopyTreeOptions {
  /** Leaves out an entry (and everything under it) when it returns false. */
  include?: (source: string, destination: string) => boolean | Promise<boolean>;
  /** `verbatim` recreates links as they are (snapshots); `skip` leaves them out (agent copies). */
  symlinks: 'verbatim' | 'skip';
  /** Copies one regular file; defaults to a plain copy that refuses to overwrite. `false` leaves it out. */
  copyFile?: (source: string, destination: string) => Promise<boolean | void>;
  /** Refuses trees with more entries than this. */
  maxEntries?: number;
}

export interface CopyTreeResult {
  files: number;
  directories: number;
  links: number;
  /** Entries left out: excluded, links under `skip`, sockets, pipes and devices. */
  skipped: number;
}

/**
 * Copies a directory tree without ever following a symbolic link, so a link inside the tree
 * cannot pull in files from elsewhere. The copy keeps regular files, directories and (if asked)
 * links as links; whatever a link points at is judged again wherever the copy is read.
 */
export async function copyTree(source: string, destination: string, options: CopyTreeOptions): Promise<CopyTreeResult> {
  const result: CopyTreeResult = { files: 0, directories: 0, links: 0, skipped: 0 };
  const copyOne =
    options.copyFile ??
    ((from: string, to: string) => copyFile(from, to, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE));
  const visit = async (from: string, to: string): Promise<void> => {
    if (
      options.maxEntries !== undefined &&
      result.files + result.directories + result.links + result.skipped >= options.maxEntries
    ) {
      throw new MassGenError({
        code: 'TOOL_FAILED',
        message: `The directory holds more than ${options.maxEntries} entries; copy a smaller part of it.`,
      });
    }
    if (options.include !== undefined && !(await options.include(from, to))) {
      result.skipped += 1;
      return;
    }
    const stats = await lstat(from);
    if (stats.isDirectory()) {
      await mkdir(to, { recursive: true });
      result.directories += 1;
      const names = await readdir(from);
      for (const name of names.sort()) await visit(path.join(from, name), path.join(to, name));
    } else if (stats.isFile()) {
      if ((await copyOne(from, to)) === false) result.skipped += 1;
      else result.files += 1;
    } else if (stats.isSymbolicLink() && options.symlinks === 'verbatim') {
      await symlink(await readlink(from), to);
      result.links += 1;
    } else {
      result.skipped += 1;
    }
  };
  await visit(source, destination);
  return result;
}
