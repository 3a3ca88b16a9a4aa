import { constants, open } from 'node:fs/promises';
import { MassGenError } from '@massgen/core';

/** Larger files are refused: a model cannot use them whole, and reading them costs memory. */
export const maximumTextFileBytes = 8 * 1024 * 1024;

/**
 * Reads a text file at a real path the sandbox approved. The final component is opened without
 * following a link, so a link swapped in after the check fails instead of leading elsewhere.
 * A NUL byte near the start marks a binary file, which is refused.
 */
export async function readTextFile(realPath: string, displayPath: string): Promise<string> {
  const handle = await open(realPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const stats = await handle.stat();
    if (stats.isDirectory())
      throw new MassGenError({ code: 'TOOL_FAILED', message: `"${displayPath}" is a directory; list it instead.` });
    if (stats.size > maximumTextFileBytes) {
      throw new MassGenError({
        code: 'TOOL_FAILED',
        message: `"${displayPath}" is ${stats.size} bytes; files over ${maximumTextFileBytes} bytes are not read.`,
      });
    }
    const bytes = await handle.readFile();
    if (looksBinary(bytes))
      throw new MassGenError({
        code: 'TOOL_FAILED',
        message: `"${displayPath}" is a binary file; only text files can be read.`,
      });
    return bytes.toString('utf8');
  } finally {
    await handle.close();
  }
}

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}
