import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { PluginLoader, massgenVersion } from '@massgen/runtime';
import type { McpServerConfig } from '../mcp-servers-settings.js';
import { resolveIntegration } from './resolve-integration.js';

const scratch = useTemporaryDirectory('no-integrations');

/** A loader that finds packages from `searchPaths` only, as `massgen` does from a project and its own directory. */
function scope(searchPaths: string[]) {
  const loader = new PluginLoader({ searchPaths, conditions: ['@massgen/source'] });
  return {
    agentId: 'a',
    workspace: undefined,
    baseDir: scratch.path,
    loadPackage: loader.loadNamedPackage.bind(loader),
    where: 'agent.backend.mcp_servers[0]',
  };
}

const npxServer = (args: string[]): McpServerConfig => ({
  name: 'files',
  type: 'stdio',
  command: 'npx',
  args,
  env: { LOG_LEVEL: 'info' },
});

describe('resolveIntegration', () => {
  it("runs upstream's npx spelling from the installed integration, with the same arguments and env", async () => {
    const resolved = await resolveIntegration(
      npxServer(['-y', '@modelcontextprotocol/server-filesystem@2025.1.1', '/data']),
      // The CLI's directory, where the first-party integrations are installed beside it.
      scope([path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../apps/cli')]),
    );
    expect(resolved.issues).toEqual([]);
    expect(resolved.server).toMatchObject({ command: process.execPath, env: { LOG_LEVEL: 'info' } });
    expect(resolved.server.type === 'stdio' && resolved.server.args.slice(1)).toEqual(['/data']);
    expect(resolved.note).toBe(
      'MCP server "files": @modelcontextprotocol/server-filesystem@2025.1.1 is run from the installed @massgen/mcp-filesystem instead of downloading it with npx',
    );
  });

  it('says which package to add when the integration is not installed, and leaves the server as written', async () => {
    const server = npxServer(['-y', '@modelcontextprotocol/server-memory']);
    const resolved = await resolveIntegration(server, scope([scratch.path]));
    expect(resolved.server).toBe(server);
    expect(resolved.note).toMatch(
      /^MCP server "files" downloads @modelcontextprotocol\/server-memory with npx each run; to run a pinned copy that needs no network, add it with: massgen add mcp-memory \(runs: /,
    );
    expect(resolved.note).toContain(`@massgen/mcp-memory@${massgenVersion()}`);
    // Servers MassGen has no integration for are not mentioned.
    expect(
      (await resolveIntegration(npxServer(['-y', '@modelcontextprotocol/server-brave-search']), scope([scratch.path])))
        .note,
    ).toBeUndefined();
    expect(
      (await resolveIntegration(npxServer(['-y', 'some-other-server']), scope([scratch.path]))).note,
    ).toBeUndefined();
  });

  it("collects the secrets in an integration's options: those it declares, credentials by name, and URL passwords", async () => {
    // A project with the third-party notebook integration installed, as `npm install massgen-mcp-notebook` does.
    const here = path.dirname(fileURLToPath(import.meta.url));
    mkdirSync(path.join(scratch.path, 'node_modules'));
    symlinkSync(
      path.resolve(here, '../../../../tools/massgen-mcp-notebook'),
      path.join(scratch.path, 'node_modules', 'massgen-mcp-notebook'),
    );
    const server = (options: Record<string, unknown>): McpServerConfig => ({
      name: 'notes',
      type: 'stdio',
      command: '',
      args: [],
      env: {},
      integration: { name: 'notebook', options },
    });
    const resolved = await resolveIntegration(
      server({ file: 'notebook.json', access_code: 'open-sesame-4411' }),
      scope([scratch.path]),
    );
    expect(resolved.issues).toEqual([]);
    expect(resolved.secrets).toEqual(['open-sesame-4411']);
    expect(resolved.server.type === 'stdio' && resolved.server.env).toEqual({
      NOTEBOOK_ACCESS_CODE: 'open-sesame-4411',
    });
    // Rejected options still say which of them are secrets.
    const rejected = await resolveIntegration(
      server({
        file: 'notebook.json',
        access_code: 'open-sesame-4411',
        password: 'hunter2-secret',
        mirror: 'https://ann:mirror-pass@example.com',
      }),
      scope([scratch.path]),
    );
    expect(rejected.issues).not.toEqual([]);
    expect(rejected.secrets).toEqual(expect.arrayContaining(['open-sesame-4411', 'hunter2-secret', 'mirror-pass']));
  });
});
