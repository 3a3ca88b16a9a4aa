import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MassGenError } from '@massgen/core';
import { PluginLoader } from './plugin-loader.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let project: string;

/** A user's project with its own node_modules, as `massgen` would find it in the working directory. */
beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), 'massgen-plugins-'));
  const modules = path.join(project, 'node_modules');
  mkdirSync(modules, { recursive: true });
  symlinkSync(
    path.join(repositoryRoot, 'tools/massgen-backend-fixture'),
    path.join(modules, 'massgen-backend-fixture'),
    'dir',
  );
  writePackage(modules, 'massgen-backend-future', { specificationVersion: 'v2', createBackend: 'function' });
  writePackage(modules, 'massgen-backend-plain', {});
  writePackage(modules, 'massgen-backend-halfway', { specificationVersion: 'v1' });
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

function writePackage(modules: string, name: string, exports: Record<string, string>): void {
  const directory = path.join(modules, name);
  mkdirSync(directory, { recursive: true });
  writeFileSync(
    path.join(directory, 'package.json'),
    JSON.stringify({ name, type: 'module', exports: { '.': { import: './index.js' } } }),
  );
  const body = Object.entries(exports)
    .map(([key, value]) =>
      value === 'function' ? `export function ${key}() {}` : `export const ${key} = ${JSON.stringify(value)};`,
    )
    .join('\n');
  writeFileSync(path.join(directory, 'index.js'), `${body}\n`);
}

function loader(): PluginLoader {
  return new PluginLoader({ searchPaths: [project], conditions: ['@massgen/source'] });
}

async function failure(promise: Promise<unknown>): Promise<MassGenError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!MassGenError.isInstance(error)) throw new Error(`expected a MassGenError, got ${String(error)}`);
  return error;
}

describe('PluginLoader', () => {
  it('loads a third-party backend outside the @massgen scope from the user project', async () => {
    const { packageName, module } = await loader().loadBackend('fixture');
    expect(packageName).toBe('massgen-backend-fixture');
    const backend = module.createBackend({
      agentId: 'a',
      type: 'fixture',
      model: 'm',
      options: {},
      env: {},
      warn: () => {},
    });
    expect(backend.specificationVersion).toBe('v1');
    expect(backend.provider).toBe('fixture');
  });

  it('names the packages it looked for and how to install one when none is found', async () => {
    const error = await failure(loader().loadBackend('acme_llm'));
    expect(error.code).toBe('PLUGIN_NOT_FOUND');
    expect(error.message).toContain('"@massgen/backend-acme-llm", "massgen-backend-acme-llm"');
    expect(error.message).toContain('pnpm add @massgen/backend-acme-llm');
  });

  it('looks for a first-party type (or its alias) only in the package whose metadata serves it', async () => {
    for (const type of ['gemini', 'google']) {
      const error = await failure(loader().loadBackend(type));
      expect(error.message).toContain('looked for "@massgen/backend-gemini" from');
      expect(error.message).toContain('pnpm add @massgen/backend-gemini');
    }
  });

  it('maps underscores in a type to hyphens in the package name', async () => {
    const error = await failure(loader().loadBackend('claude_code'));
    expect(error.message).toContain('@massgen/backend-claude-code');
  });

  it('rejects a package written for another specification version', async () => {
    const error = await failure(loader().loadBackend('future'));
    expect(error.code).toBe('PLUGIN_INVALID');
    expect(error.message).toContain('"v2"');
  });

  it('rejects a package that is not a MassGen plugin', async () => {
    const error = await failure(loader().loadBackend('plain'));
    expect(error.code).toBe('PLUGIN_INVALID');
    expect(error.message).toContain('does not export specificationVersion');
  });

  it('rejects a plugin without its factory', async () => {
    const error = await failure(loader().loadBackend('halfway'));
    expect(error.message).toContain('does not export a createBackend() function');
  });

  it('loads exactly the package named by backend.package', async () => {
    const { packageName } = await loader().loadBackend('anything', 'massgen-backend-fixture');
    expect(packageName).toBe('massgen-backend-fixture');
  });

  it('reports a missing strategy with the package to install', async () => {
    const error = await failure(loader().loadStrategy('tournament'));
    expect(error.code).toBe('PLUGIN_NOT_FOUND');
    expect(error.message).toContain('@massgen/strategy-tournament');
  });
});
