import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openRegularFile } from './file-tools/regular-file.js';

/**
 * Replaces a file so that readers see the old content or the new, never half of it: the
 * content goes to a fresh temporary file beside the target (created exclusively, so a link
 * planted under that name is not followed), which is then renamed over the target. `rename`
 * replaces a symbolic link at the target rather than writing through it. The target's mode
 * bits are kept.
 */
export async function writeFileAtomic(target: string, content: string | Uint8Array): Promise<void> {
  await replaceAtomically(target, (temporary) => writeFile(temporary, content, { flag: 'wx', mode: 0o644 }));
}

/**
 * Copies a regular file over `target` atomically, with the same guarantees as `writeFileAtomic`.
 * The copy reads from the handle whose type was checked (see `openRegularFile`), so a pipe or a
 * device swapped in for the source cannot block or feed it forever. A new target takes the
 * source's mode bits; an existing one keeps its own.
 */
export async function copyFileAtomic(source: string, target: string): Promise<void> {
  const { handle, stats } = await openRegularFile(source, path.basename(source));
  try {
    await replaceAtomically(
      target,
      (temporary) =>
        pipeline(
          handle.createReadStream({ autoClose: false, start: 0 }),
          createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
        ),
      stats.mode & 0o7777,
    );
  } finally {
    await handle.close();
  }
}

async function replaceAtomically(
  target: string,
  fill: (temporary: string) => Promise<void>,
  newFileMode?: number,
): Promise<void> {
  // A short fixed-length name, so a target whose name is near the length limit still works.
  const temporary = path.join(path.dirname(target), `.massgen-${randomBytes(8).toString('hex')}.tmp`);
  const mode = (await existingMode(target)) ?? newFileMode;
  try {
    await fill(temporary);
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

async function existingMode(target: string): Promise<number | undefined> {
  try {
    const stats = await stat(target);
    return stats.isFile() ? stats.mode & 0o7777 : undefined;
  } catch {
    return undefined;
  }
}
