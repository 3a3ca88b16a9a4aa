import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

export interface TemporaryDirectory {
  /** The directory, its links resolved (as sandboxes and path checks report paths), fresh for each test. */
  readonly path: string;
}

/** A temporary directory (`massgen-<prefix>-…`) for each test of the surrounding suite, removed after it. */
export function useTemporaryDirectory(prefix: string): TemporaryDirectory {
  let directory: string | undefined;
  beforeEach(() => {
    directory = realpathSync(mkdtempSync(path.join(tmpdir(), `massgen-${prefix}-`)));
  });
  afterEach(() => {
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
    directory = undefined;
  });
  return {
    get path() {
      if (directory === undefined) throw new Error('the temporary directory exists only inside a test');
      return directory;
    },
  };
}
