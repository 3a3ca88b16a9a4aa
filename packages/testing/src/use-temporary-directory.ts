import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export interface TemporaryDirectory {
  /** The directory, fresh for each test (or made once for the file). */
  readonly path: string;
}

export interface TemporaryDirectoryOptions {
  /** One directory for all the tests of the file rather than a fresh one for each test. */
  perFile?: boolean;
  /**
   * Whether the path has its links resolved (macOS's /var is /private/var), as sandboxes and path
   * checks report paths; true unless told.
   */
  resolveLinks?: boolean;
}

/**
 * A temporary directory (`massgen-<prefix>-…`) for each test of the surrounding suite (or once for
 * the file), removed after it.
 */
export function useTemporaryDirectory(prefix: string, options: TemporaryDirectoryOptions = {}): TemporaryDirectory {
  let directory: string | undefined;
  const [before, after] = options.perFile === true ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(() => {
    const made = mkdtempSync(path.join(tmpdir(), `massgen-${prefix}-`));
    directory = options.resolveLinks === false ? made : realpathSync(made);
  });
  after(() => {
    if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
    directory = undefined;
  });
  return {
    get path() {
      if (directory === undefined) throw new Error('the temporary directory exists only inside a test (or the file)');
      return directory;
    },
  };
}
