// Copies the repository's examples/ and the configuration JSON Schema into this package at
// build time, so `massgen --example` works and editors find the schema in an installed
// package, which has no repository around it.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const directory of ['examples', 'schema']) {
  const target = path.join(packageDirectory, directory);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.resolve(packageDirectory, '../..', directory), target, { recursive: true });
}
