import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@massgen/config';
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
async function check(yaml: string) {
  const config = parseConfig(yaml, {
    baseDir: directory,
    cwd: directory,
    env: { PATH: path.dirname(process.execPath) },
  });
  const entry = config.tools.find((candidate) => candidate.name === 'mcp');
  return entry === undefined ? [] : (await checkToolPackage(config, entry, mcpPackage)).issues;
}

describe('the MCP package checkSettings', { skip: process.platform === 'win32' }, () => {
  it('accepts a command on PATH, a path from the server cwd, and HTTP servers', async () => {
    const yaml = `agents:
  - id: bob
    backend:
      type: claude
      model: m
      mcp_servers:
        node: { type: stdio, command: ${path.basename(process.execPath)} }
        local: { type: stdio, command: ./server.sh, cwd: tools }
        remote: { type: streamable-http, url: "https://example.com/mcp" }
`;
    expect(await check(yaml)).toEqual([]);
  });

  it('names the server, its agent and the line of a command that does not exist, in either form', async () => {
    const yaml = `agents:
  - id: bob
    backend:
      type: claude
      model: m
      mcp_servers:
        - name: search
          type: stdio
          command: no-such-mcp-server
  - id: ann
    backend:
      type: claude
      model: m
      mcp_servers:
        files: { type: stdio, command: ./missing.sh }
`;
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
});
