// Copies the repository's examples/, the configuration JSON Schema and the built web page
// (apps/web) into this package at build time, so `massgen --example` works, editors find the
// schema and `massgen web` has its page in an installed package, which has no repository around it.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const directory of ['examples', 'schema']) {
  const target = path.join(packageDirectory, directory);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.resolve(packageDirectory, '../..', directory), target, { recursive: true });
}

const webBuild = path.resolve(packageDirectory, '../web/dist');
if (!existsSync(path.join(webBuild, 'index.html')))
  throw new Error(`The web page is not built (${webBuild}); build @massgen/web first (pnpm build does).`);
rmSync(path.join(packageDirectory, 'web'), { recursive: true, force: true });
cpSync(webBuild, path.join(packageDirectory, 'web'), { recursive: true });
