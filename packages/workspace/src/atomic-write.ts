import { randomBytes } from 'node:crypto';
import { chmod, copyFile, constants, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

/** Copies a file over `target` atomically, with the same guarantees as `writeFileAtomic`. */
export async function copyFileAtomic(source: string, target: string): Promise<void> {
  await replaceAtomically(target, (temporary) =>
    copyFile(source, temporary, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE),
  );
}

async function replaceAtomically(target: string, fill: (temporary: string) => Promise<void>): Promise<void> {
  // A short fixed-length name, so a target whose name is near the length limit still works.
  const temporary = path.join(path.dirname(target), `.massgen-${randomBytes(8).toString('hex')}.tmp`);
  const mode = await existingMode(target);
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
