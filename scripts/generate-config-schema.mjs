// Writes schema/massgen.schema.json and docs/config-reference.md from the built CLI's
// `--show-schema`, which converts the loader's own schemas. Run `pnpm schema` after changing a
// configuration schema or a backend's options; test/config-schema-files.test.ts fails until then.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'apps/cli/bin/massgen.js');
const show = (...args) =>
  execFileSync(process.execPath, [cli, '--show-schema', ...args], { cwd: root, encoding: 'utf8' });

mkdirSync(path.join(root, 'schema'), { recursive: true });
mkdirSync(path.join(root, 'docs'), { recursive: true });
writeFileSync(path.join(root, 'schema/massgen.schema.json'), show('--json'));
writeFileSync(path.join(root, 'docs/config-reference.md'), show());
console.log('wrote schema/massgen.schema.json and docs/config-reference.md');
