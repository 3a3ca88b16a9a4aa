import { MassGenError } from '@massgen/core';
import { openRegularFile, readAtMost } from './regular-file.js';

/** Larger files are refused: a model cannot use them whole, and reading them costs memory. */
export const maximumTextFileBytes = 8 * 1024 * 1024;

/**
 * Reads a regular text file at a real path the sandbox approved (see `openRegularFile`). A NUL
 * byte near the start marks a binary file, which is refused; so is a file over
 * `maximumTextFileBytes`, whether its size says so up front or it only turns out while reading.
 */
export async function readTextFile(realPath: string, displayPath: string): Promise<string> {
  const { handle, stats } = await openRegularFile(realPath, displayPath);
  try {
    const tooLarge = (size: string): MassGenError =>
      new MassGenError({
        code: 'TOOL_FAILED',
        message: `"${displayPath}" is ${size} bytes; files over ${maximumTextFileBytes} bytes are not read.`,
      });
    if (stats.size > maximumTextFileBytes) throw tooLarge(String(stats.size));
    const { bytes, complete } = await readAtMost(handle, maximumTextFileBytes);
    if (!complete) throw tooLarge(`more than ${maximumTextFileBytes}`);
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
