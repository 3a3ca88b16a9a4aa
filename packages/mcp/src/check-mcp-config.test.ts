import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@massgen/config';
import type { McpIntegrationModule, NamedPackageLoader } from '@massgen/core';
import { checkToolPackage } from '@massgen/runtime';
import * as mcpPackage from './index.js';

let directory: string;

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-mcp-check-'));
  mkdirSync(path.join(directory, 'tools'));
  const script = path.join(directory, 'tools', 'server.sh');
  writeFileSync(script, '#!/bin/sh\n');
  chmodSync(script, 0o755);
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** The MCP package's checks as a run's preflight makes them: its schema, then `checkSettings`. */
async function check(yaml: string, loadPackage?: NamedPackageLoader) {
  const config = parseConfig(yaml, {
    baseDir: directory,
    cwd: directory,
    env: { PATH: path.dirname(process.execPath) },
  });
  const entry = config.tools.find((candidate) => candidate.name === 'mcp');
  return entry === undefined ? [] : (await checkToolPackage(config, entry, mcpPackage, undefined, loadPackage)).issues;
}

/** A team of claude agents by id, each with its `mcp_servers` lines (written as under the key). */
function claudeTeam(serversByAgent: Record<string, string[]>): string {
  const agents = Object.entries(serversByAgent).flatMap(([id, servers]) => [
    `  - id: ${id}`,
    '    backend:',
    '      type: claude',
    '      model: m',
    '      mcp_servers:',
    ...servers.map((line) => `        ${line}`),
  ]);
  return ['agents:', ...agents, ''].join('\n');
}

describe('the MCP package checkSettings', { skip: process.platform === 'win32' }, () => {
  it('accepts a command on PATH, a path from the server cwd, and HTTP servers', async () => {
    const yaml = claudeTeam({
      bob: [
        `node: { type: stdio, command: ${path.basename(process.execPath)} }`,
        'local: { type: stdio, command: ./server.sh, cwd: tools }',
        'remote: { type: streamable-http, url: "https://example.com/mcp" }',
      ],
    });
    expect(await check(yaml)).toEqual([]);
  });

  it('names the server, its agent and the line of a command that does not exist, in either form', async () => {
    const yaml = claudeTeam({
      bob: ['- name: search', '  type: stdio', '  command: no-such-mcp-server'],
      ann: ['files: { type: stdio, command: ./missing.sh }'],
    });
    expect(await check(yaml)).toEqual([
      {
        path: 'agents[0].backend.mcp_servers[0].command',
        line: 9,
        items: ['agent "bob"', 'mcp_servers "search"'],
        message:
          'command "no-such-mcp-server" of MCP server "search" was not found; expected a program on PATH or a path to one',
      },
      {
        path: 'agents[1].backend.mcp_servers.files.command',
        line: 15,
        items: ['agent "ann"'],
        message:
          'command "./missing.sh" of MCP server "files" was not found; expected a program on PATH or a path to one',
      },
    ]);
  });

  it("redacts an integration's secret options from what it says about them", async () => {
    // An integration that quotes its connection string when it cannot use it, as careless ones do.
    const vault: McpIntegrationModule<{ dsn: string }> = {
      specificationVersion: 'v1',
      metadata: {
        name: 'vault',
        description: 'd',
        tools: ['get'],
        serverPackage: 'vault-server',
        secretOptions: ['dsn'],
      },
      optionsSchema: { safeParse: (input) => ({ success: true, data: input as { dsn: string } }) },
      createServer: (options) => {
        throw new Error(`cannot use the connection string ${options.dsn}`);
      },
      serverFromArguments: () => ({ command: 'vault-server', args: [] }),
    };
    const loadPackage: NamedPackageLoader = async () => ({
      packageName: 'massgen-mcp-vault',
      module: vault as unknown as Record<string, unknown>,
    });
    const yaml = `agent:
  id: bob
  backend:
    type: claude
    model: m
    mcp_servers:
      - name: safe
        integration: vault
        options: { dsn: "host=db user=ann pass=vault-secret-77" }
`;
    const [issue] = await check(yaml, loadPackage);
    expect(issue?.message).toBe('MCP server "safe": cannot use the connection string [redacted]');
  });
});
