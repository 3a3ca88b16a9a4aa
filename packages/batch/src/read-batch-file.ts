import { readFile } from 'node:fs/promises';
import { MassGenError } from '@massgen/core';

/** Reads a file a batch is given; a missing or unreadable one is CONFIG_NOT_FOUND, saying which (`what`). */
export async function readBatchFile(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new MassGenError({
      code: 'CONFIG_NOT_FOUND',
      message: `Cannot read the ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      cause: error,
    });
  }
}
