import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The backend package convention, so a contributor (or a third party copying one) finds the
 * same things in the same places. Every `packages/backend-*`:
 * - is `@massgen/backend-<dir>` with the published-package metadata (exports types first,
 *   `publishConfig.exports` without the workspace source condition, files, engines, license,
 *   repository, sideEffects) and a README;
 * - exports `specificationVersion: 'v1'`, `createBackend`, a zod `optionsSchema` and its `metadata`
 *   (the types it serves; see `BackendMetadata` in core) from `src/index.ts`;
 * - either is a thin Chat Completions backend (`src/index.ts` calls `defineOpenAICompatibleBackend`,
 *   tested in `src/index.test.ts`), or has `src/<name>-backend.ts` and `src/<name>-options.ts`
 *   with `src/<name>-backend.test.ts` beside them.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// backend-utils is the toolkit backends are built with, not a backend.
const backendDirectories = readdirSync(path.join(root, 'packages')).filter(
  (name) => name.startsWith('backend-') && name !== 'backend-utils',
);

interface Manifest {
  name: string;
  license?: string;
  repository?: { directory?: string };
  sideEffects?: boolean;
  engines?: { node?: string };
  files?: string[];
  exports: Record<string, Record<string, string> | string>;
  publishConfig?: { access?: string; exports?: Record<string, Record<string, string> | string> };
}

function manifestOf(directory: string): Manifest {
  return JSON.parse(readFileSync(path.join(root, 'packages', directory, 'package.json'), 'utf8')) as Manifest;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, 'packages', directory, 'src'));
}

describe.each(backendDirectories)('packages/%s', (directory) => {
  const name = directory.slice('backend-'.length);
  const manifest = manifestOf(directory);

  it('has the package metadata and README every backend has', () => {
    expect(manifest.name).toBe(`@massgen/${directory}`);
    expect(manifest.license).toBe('Apache-2.0');
    expect(manifest.repository?.directory).toBe(`packages/${directory}`);
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.engines?.node).toBe('>=20.11');
    expect(manifest.files).toContain('dist');
    expect(manifest.exports['.']).toEqual({
      '@massgen/source': './src/index.ts',
      types: './dist/index.d.ts',
      import: './dist/index.js',
    });
    expect(manifest.publishConfig?.access).toBe('public');
    expect(manifest.publishConfig?.exports?.['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js' });
    expect(manifest.publishConfig?.exports?.['./package.json']).toBe('./package.json');
    const readme = readFileSync(path.join(root, 'packages', directory, 'README.md'), 'utf8');
    expect(readme.startsWith(`# ${manifest.name}`)).toBe(true);
  });

  it('exports specificationVersion, createBackend, a zod optionsSchema and metadata', async () => {
    const module = (await import(path.join(root, 'packages', directory, 'src/index.ts'))) as Record<string, unknown>;
    expect(module['specificationVersion']).toBe('v1');
    expect(typeof module['createBackend']).toBe('function');
    const optionsSchema = module['optionsSchema'] as { safeParse?: unknown; _zod?: unknown } | undefined;
    expect(typeof optionsSchema?.safeParse).toBe('function');
    expect(optionsSchema?._zod).toBeDefined();
    const metadata = module['metadata'] as { types?: Array<{ type: string }> } | undefined;
    expect(metadata?.types?.length).toBeGreaterThan(0);
  });

  it('has the file roles of a thin or a full backend, with tests', () => {
    const files = sourceFiles(directory);
    const index = readFileSync(path.join(root, 'packages', directory, 'src/index.ts'), 'utf8');
    for (const file of ['tsup.config.ts', 'tsconfig.json'])
      expect(existsSync(path.join(root, 'packages', directory, file)), file).toBe(true);
    if (index.includes('defineOpenAICompatibleBackend(')) {
      expect(files).toContain('index.test.ts');
      return;
    }
    expect(files).toEqual(
      expect.arrayContaining([`${name}-backend.ts`, `${name}-options.ts`, `${name}-backend.test.ts`]),
    );
  });
});
