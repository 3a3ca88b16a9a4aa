import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '@massgen/core';
import { MassGenError } from '@massgen/core';
import { copyFileAtomic } from '../atomic-write.js';
import { defaultSnapshotLimits } from '../snapshot-store.js';
import { copyTree } from '../copy-tree.js';
import { isWithin } from '../path-containment.js';
import type { PathSandbox } from '../path-sandbox.js';
import { defineFileTool } from './define-file-tool.js';
import { z } from 'zod';

/** Entries one directory copy may hold. */
const maximumEntries = 10_000;

/**
 * @param maximumCopyBytes the largest file copied, the snapshots' limit: a sparse file of
 *   terabytes would otherwise fill the disk.
 */
export function createCopyFileTool(
  sandbox: PathSandbox,
  where: string,
  maximumCopyBytes = defaultSnapshotLimits.maxFileBytes,
): Tool {
  return defineFileTool(
    {
      name: 'copy_file',
      description:
        `Copy a file, or a directory with everything in it, to a new place; an existing file at the destination is replaced. ` +
        `Use it to take a peer's work (peers/<label>/...) into your workspace. ${where}`,
      inputSchema: z.strictObject({
        source: z.string().describe('The file or directory to copy.'),
        destination: z.string().describe('The full path of the copy.'),
      }),
      subject: (input) => input.source,
      async run(input) {
        const source = await sandbox.resolve(input.source, 'read', 'source');
        const destination = await sandbox.resolve(input.destination, 'write', 'destination');
        const stats = await lstat(source.realPath);
        if (stats.isFile()) {
          if (stats.size > maximumCopyBytes)
            throw new MassGenError({
              code: 'TOOL_FAILED',
              message: `"${source.displayPath}" is ${stats.size} bytes; files over ${maximumCopyBytes} bytes are not copied.`,
            });
          const existing = await lstat(destination.realPath).catch(() => undefined);
          if (existing?.isDirectory() === true) {
            throw new MassGenError({
              code: 'TOOL_FAILED',
              message: `"${destination.displayPath}" is a directory; give the full path of the new file.`,
            });
          }
          await mkdir(path.dirname(destination.realPath), { recursive: true });
          await copyFileAtomic(source.realPath, destination.realPath);
          return `Copied ${source.displayPath} to ${destination.displayPath} (${stats.size} bytes).`;
        }
        if (!stats.isDirectory())
          throw new MassGenError({
            code: 'TOOL_FAILED',
            message: `"${source.displayPath}" is neither a file nor a directory.`,
          });
        if (isWithin(source.realPath, destination.realPath)) {
          throw new MassGenError({
            code: 'TOOL_FAILED',
            message: `"${destination.displayPath}" is inside "${source.displayPath}"; a directory cannot be copied into itself.`,
          });
        }
        const copied = await copyTree(source.realPath, destination.realPath, {
          symlinks: 'skip',
          maxEntries: maximumEntries,
          // A link already inside the destination would carry the copy wherever it points.
          include: async (from, to) =>
            from === source.realPath ||
            (sandbox.accessAt(from) !== 'none' && sandbox.canWrite(to) && !(await isSymbolicLink(to))),
          // A file over the limit (a sparse one counts in full) is left out, and counted as such.
          copyFile: async (from, to) => {
            if ((await lstat(from)).size > maximumCopyBytes) return false;
            await copyFileAtomic(from, to);
            return true;
          },
        });
        const skipped =
          copied.skipped === 0
            ? ''
            : `; ${copied.skipped} entries left out (links, special files, or places you may not read or write)`;
        return `Copied ${source.displayPath} to ${destination.displayPath}: ${copied.files} files in ${copied.directories} directories${skipped}.`;
      },
    },
    sandbox,
  );
}

async function isSymbolicLink(file: string): Promise<boolean> {
  const stats = await lstat(file).catch(() => undefined);
  return stats?.isSymbolicLink() === true;
}
