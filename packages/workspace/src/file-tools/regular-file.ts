import { constants, lstat, open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { MassGenError } from '@massgen/core';
import { errorCode } from '../real-path.js';

/**
 * Opens a file at a real path the sandbox approved, for reading, and refuses anything that is
 * not a regular file. The open never blocks: a named pipe with no writer would otherwise hold
 * the call (and one of libuv's four file-system threads) forever, and a device such as
 * `/dev/zero` never ends. The final component is not followed, so a link swapped in after the
 * sandbox's check fails instead of leading elsewhere. The caller closes the handle.
 */
export async function openRegularFile(
  realPath: string,
  displayPath: string,
): Promise<{ handle: FileHandle; stats: Stats }> {
  const handle = await open(realPath, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    async (error: unknown) => {
      // A socket (ENXIO) or a device without a driver (ENODEV) cannot be opened at all: say what it is.
      const code = errorCode(error);
      const stats = code === 'ENXIO' || code === 'ENODEV' ? await lstat(realPath).catch(() => undefined) : undefined;
      throw stats === undefined ? error : notRegular(displayPath, stats);
    },
  );
  try {
    const stats = await handle.stat();
    if (stats.isDirectory())
      throw new MassGenError({ code: 'TOOL_FAILED', message: `"${displayPath}" is a directory; list it instead.` });
    if (!stats.isFile()) throw notRegular(displayPath, stats);
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Reads at most `limit` bytes from the start of an open file, and says whether more followed.
 * The size `fstat` reported is not trusted: a file that grows while it is read, or one that
 * reports size 0 (such as those under `/proc`), is still bounded.
 */
export async function readAtMost(handle: FileHandle, limit: number): Promise<{ bytes: Buffer; complete: boolean }> {
  const buffer = Buffer.alloc(Math.min(limit + 1, 64 * 1024));
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, limit + 1 - total), total);
    if (bytesRead === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, bytesRead)));
    total += bytesRead;
    if (total > limit) return { bytes: Buffer.concat(chunks, total).subarray(0, limit), complete: false };
  }
  return { bytes: Buffer.concat(chunks, total), complete: true };
}

function notRegular(displayPath: string, stats: Stats): MassGenError {
  return new MassGenError({
    code: 'TOOL_FAILED',
    message: `"${displayPath}" is ${describeSpecialFile(stats)}; only regular files are read.`,
  });
}

function describeSpecialFile(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}
