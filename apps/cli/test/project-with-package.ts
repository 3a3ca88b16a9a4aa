import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach } from 'vitest';
import { useFakeServerDirectory } from './fake-server-directory.js';
import type { FakeServerDirectory } from './fake-server-directory.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A fresh directory and fake server (requiring `test-key`) for each test, whose project has the
 * repository's `tools/<name>` package installed as a user would install it: `node_modules/<name>`,
 * its built output.
 */
export function useProjectWithPackage(prefix: string, name: string): FakeServerDirectory {
  const setup = useFakeServerDirectory(prefix, { server: () => ({ apiKey: 'test-key' }) });
  beforeEach(() => {
    mkdirSync(path.join(setup.directory, 'node_modules'));
    symlinkSync(path.join(repositoryRoot, 'tools', name), path.join(setup.directory, 'node_modules', name), 'dir');
  });
  return setup;
}
