import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BackendMetadata } from '@massgen/core';

/**
 * `packages/config/src/backend-catalog.json` is the `metadata` of every backend package, as
 * `scripts/generate-backend-catalog.mjs` writes it (run `pnpm schema` to update). Adding a backend
 * package is the only edit needed for the CLI to know it; this test fails until the catalog has it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packagesDirectory = path.join(root, 'packages');

type Entry = { package: string; optionKeys: string[] } & BackendMetadata;

async function backendPackages(): Promise<Entry[]> {
  const found: Entry[] = [];
  for (const directory of readdirSync(packagesDirectory).sort()) {
    if (!directory.startsWith('backend-')) continue;
    const manifest = JSON.parse(readFileSync(path.join(packagesDirectory, directory, 'package.json'), 'utf8')) as {
      name: string;
    };
    const module = (await import(path.join(packagesDirectory, directory, 'src/index.ts'))) as Record<string, unknown>;
    if (typeof module['createBackend'] !== 'function') continue;
    const shape = (module['optionsSchema'] as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
    found.push({ package: manifest.name, ...(module['metadata'] as BackendMetadata), optionKeys: Object.keys(shape) });
  }
  return found;
}

describe('backend catalog', () => {
  it('is the metadata every backend package exports (run pnpm schema to update)', async () => {
    const catalog = JSON.parse(readFileSync(path.join(packagesDirectory, 'config/src/backend-catalog.json'), 'utf8'));
    expect(catalog).toEqual({ packages: JSON.parse(JSON.stringify(await backendPackages())) });
  });

  it('gives each type and alias to one package only, and every type a name and key facts', async () => {
    const names = new Map<string, string>();
    for (const entry of await backendPackages()) {
      expect(entry.types.length, entry.package).toBeGreaterThan(0);
      for (const type of entry.types) {
        expect(type.displayName.trim(), type.type).not.toBe('');
        expect(Array.isArray(type.apiKeyEnvironmentVariables), type.type).toBe(true);
        expect(typeof type.requiresApiKey, type.type).toBe('boolean');
        for (const name of [type.type, ...(type.aliases ?? [])]) {
          const key = name.toLowerCase().replace(/-/g, '_');
          expect(names.get(key), `${name} in ${entry.package}`).toBeUndefined();
          names.set(key, entry.package);
        }
      }
    }
    for (const entry of await backendPackages())
      for (const redirect of entry.redirects ?? []) expect(names.has(redirect.name), redirect.name).toBe(false);
  });

  it('marks the packages with large downloads as heavy (local, claude_code)', async () => {
    const heavy = (await backendPackages()).filter((entry) => entry.heavy === true).map((entry) => entry.package);
    expect(heavy).toEqual(['@massgen/backend-claude-code', '@massgen/backend-local']);
  });

  it('has exactly one type for model names no pattern matches', async () => {
    const fallbacks = (await backendPackages()).flatMap((entry) =>
      entry.types.filter((type) => type.fallbackForUnknownModels === true).map((type) => type.type),
    );
    expect(fallbacks).toEqual(['chatcompletion']);
  });
});
