// Writes packages/config/src/backend-catalog.json from the `metadata` export of every built
// backend package under packages/, so that the CLI knows the first-party backends (their types,
// aliases, key variables, model patterns) whether or not they are installed. Adding a backend is
// one package: `pnpm schema` picks it up (with the keys its options schema reads), and test/backend-catalog.test.ts fails until it has.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packagesDirectory = path.join(root, 'packages');
const output = path.join(packagesDirectory, 'config/src/backend-catalog.json');

const packages = [];
for (const directory of readdirSync(packagesDirectory).sort()) {
  if (!directory.startsWith('backend-')) continue;
  const packageDirectory = path.join(packagesDirectory, directory);
  const manifest = JSON.parse(readFileSync(path.join(packageDirectory, 'package.json'), 'utf8'));
  const module = await import(pathToFileURL(path.join(packageDirectory, 'dist/index.js')).href);
  // Toolkits such as backend-utils share the prefix but create no backend.
  if (typeof module.createBackend !== 'function') continue;
  if (module.metadata === undefined) throw new Error(`${manifest.name} exports no metadata`);
  // The keys the package's options schema reads: the loader's table of known backend keys is these.
  const optionKeys = Object.keys(module.optionsSchema?.shape ?? {});
  packages.push({ package: manifest.name, ...module.metadata, optionKeys });
}
writeFileSync(output, `${JSON.stringify({ packages }, null, 2)}\n`);
console.log(`wrote ${path.relative(root, output)}: ${packages.length} packages`);
