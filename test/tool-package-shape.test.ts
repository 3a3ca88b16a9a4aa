import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The tool package convention (CONTRIBUTING.md, "Add a tool package"), so a contributor or a
 * third party copying one finds the same things in the same places. Every tool package — the
 * built-in `packages/mcp` and `packages/workspace`, any `packages/tools-*`, and the third-party
 * fixtures `tools/massgen-tools-*` — exports `specificationVersion: 'v1'`, `createToolSource`,
 * at least one zod settings schema (`agentSettingsSchema`, `runSettingsSchema`) so `--validate`
 * can check its part of the file, and, when it has one, an `isActive` function; and it has a
 * README, its build files and a test beside its code.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolPackageDirectories = [
  'packages/mcp',
  'packages/workspace',
  ...readdirSync(path.join(root, 'packages'))
    .filter((name) => name.startsWith('tools-'))
    .map((name) => `packages/${name}`),
  ...readdirSync(path.join(root, 'tools'))
    .filter((name) => name.startsWith('massgen-tools-'))
    .map((name) => `tools/${name}`),
];

describe.each(toolPackageDirectories)('%s', (directory) => {
  const manifest = JSON.parse(readFileSync(path.join(root, directory, 'package.json'), 'utf8')) as { name: string };

  it('is named so the configuration can load it by name', () => {
    const scoped = manifest.name.startsWith('@massgen/');
    const name = scoped ? manifest.name.slice('@massgen/'.length) : manifest.name;
    expect(
      ['mcp', 'workspace'].includes(name) || name.startsWith(scoped ? 'tools-' : 'massgen-tools-'),
      manifest.name,
    ).toBe(true);
  });

  it('exports specificationVersion, createToolSource, zod settings schemas and isActive', async () => {
    const module = (await import(path.join(root, directory, 'src/index.ts'))) as Record<string, unknown>;
    expect(module['specificationVersion']).toBe('v1');
    expect(typeof module['createToolSource']).toBe('function');
    const schemas = ['agentSettingsSchema', 'runSettingsSchema'].flatMap((key) =>
      module[key] === undefined ? [] : [module[key] as { safeParse?: unknown; _zod?: unknown }],
    );
    expect(schemas.length).toBeGreaterThan(0);
    for (const schema of schemas) {
      expect(typeof schema.safeParse).toBe('function');
      expect(schema._zod).toBeDefined();
    }
    expect(['undefined', 'function']).toContain(typeof module['isActive']);
  });

  it('has a README, its build files and tests beside its code', () => {
    for (const file of ['README.md', 'tsconfig.json', 'tsup.config.ts', 'src/index.ts'])
      expect(existsSync(path.join(root, directory, file)), file).toBe(true);
    const sources = readdirSync(path.join(root, directory, 'src'), { recursive: true, encoding: 'utf8' });
    expect(sources.some((file) => file.endsWith('.test.ts'))).toBe(true);
  });
});
