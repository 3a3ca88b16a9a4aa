import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectedMassGenError } from '@massgen/testing';
import { massgenVersion } from './missing-plugin.js';
import { PluginLoader } from './plugin-loader.js';
import { installModulePackage } from './run-test-support.js';

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
  writePackage('massgen-backend-future', { specificationVersion: 'v2', createBackend: 'function' });
  writePackage('massgen-backend-plain', {});
  writePackage('massgen-backend-halfway', { specificationVersion: 'v1' });
  writePackage('massgen-mcp-notes', { specificationVersion: 'v1', createServer: 'function' });
  // An npm project, so the install advice is deterministic.
  writeFileSync(path.join(project, 'package.json'), '{ "name": "user-project", "private": true }\n');
  writeFileSync(path.join(project, 'package-lock.json'), '{}\n');
});

afterAll(() => {
  rmSync(project, { recursive: true, force: true });
});

function writePackage(name: string, exports: Record<string, string>): void {
  const body = Object.entries(exports)
    .map(([key, value]) =>
      value === 'function' ? `export function ${key}() {}` : `export const ${key} = ${JSON.stringify(value)};`,
    )
    .join('\n');
  installModulePackage(project, name, `${body}\n`);
}

function loader(): PluginLoader {
  return new PluginLoader({ searchPaths: [project], conditions: ['@massgen/source'] });
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

  it('says how to add a missing first-party plugin, with the command for the project', async () => {
    const error = await rejectedMassGenError(loader().loadBackend('claude_code'));
    expect(error.code).toBe('PLUGIN_NOT_FOUND');
    expect(error.message).toBe(
      `backend type "claude_code" needs the plugin @massgen/backend-claude-code, which is not installed. ` +
        `Add it with: massgen add claude_code (runs: npm install @massgen/backend-claude-code@${massgenVersion()})`,
    );
  });

  it('finds a first-party type by an alias, in the package whose metadata serves it', async () => {
    const error = await rejectedMassGenError(loader().loadBackend('google'));
    expect(error.message).toContain(
      'backend type "google" needs the plugin @massgen/backend-gemini, which is not installed. Add it with: massgen add google',
    );
  });

  it('names the closest types for an unknown one, and never a package to install', async () => {
    const error = await rejectedMassGenError(loader().loadBackend('claud'));
    expect(error.code).toBe('PLUGIN_NOT_FOUND');
    expect(error.message).toContain('no installed package serves backend type "claud" (did you mean "claude"?)');
    expect(error.message).not.toMatch(/install it|npm install|massgen add/i);
  });

  it('gives the install command for a package named by backend.package', async () => {
    const error = await rejectedMassGenError(loader().loadBackend('anything', '@acme/massgen-backend'));
    expect(error.message).toBe(
      'backend.package "@acme/massgen-backend" is not installed. Install it with: npm install @acme/massgen-backend',
    );
  });

  it.each([
    ['a package written for another specification version', 'future', '"v2"'],
    ['a package that is not a MassGen plugin', 'plain', 'does not export specificationVersion'],
    ['a plugin without its factory', 'halfway', 'does not export a createBackend() function'],
  ])('rejects %s', async (_what, type, reason) => {
    const error = await rejectedMassGenError(loader().loadBackend(type));
    expect(error.code).toBe('PLUGIN_INVALID');
    expect(error.message).toContain(reason);
  });

  it('loads exactly the package named by backend.package', async () => {
    const { packageName } = await loader().loadBackend('anything', 'massgen-backend-fixture');
    expect(packageName).toBe('massgen-backend-fixture');
  });

  it('reports an unknown strategy with the ones MassGen has, and a missing first-party one with its command', async () => {
    const unknown = await rejectedMassGenError(loader().loadStrategy('tournament'));
    expect(unknown.code).toBe('PLUGIN_NOT_FOUND');
    expect(unknown.message).toBe(
      'no installed package serves strategy "tournament". MassGen\'s strategies are vote, sequential.',
    );
    const missing = await rejectedMassGenError(loader().loadStrategy('sequential'));
    expect(missing.message).toContain('Add it with: massgen add @massgen/strategy-sequential (runs: npm install');
  });

  it('loads an MCP integration outside the @massgen scope by its name, and names the command for a missing first-party one', async () => {
    const request = { kind: 'mcp', factory: 'createServer', namedBy: 'agent.backend.mcp_servers[0].integration' };
    const { packageName } = await loader().loadNamedPackage({ ...request, name: 'notes' });
    expect(packageName).toBe('massgen-mcp-notes');
    const missing = await rejectedMassGenError(loader().loadNamedPackage({ ...request, name: 'filesystem' }));
    expect(missing.code).toBe('PLUGIN_NOT_FOUND');
    expect(missing.message).toBe(
      `MCP integration "filesystem" (named by agent.backend.mcp_servers[0].integration) needs the plugin @massgen/mcp-filesystem, which is not installed. Add it with: massgen add mcp-filesystem (runs: npm install @massgen/mcp-filesystem@${massgenVersion()})`,
    );
    const unknown = await rejectedMassGenError(loader().loadNamedPackage({ ...request, name: 'weather' }));
    expect(unknown.message).not.toMatch(/massgen add|npm install/);
    const halfway = await rejectedMassGenError(
      loader().loadNamedPackage({ ...request, name: 'x', package: 'massgen-backend-halfway' }),
    );
    expect(halfway.message).toContain('does not export a createServer() function');
  });
});
