import { describe, expect, it } from 'vitest';
import type { ToolPackageModule } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { openToolPackage, parseToolPackageSettings } from '@massgen/runtime';
import * as mcpPackage from './index.js';
import type { McpServers } from './mcp-servers-settings.js';

const mcp = mcpPackage as ToolPackageModule;

function configOf(lines: string[], env: Record<string, string> = {}) {
  return parseConfig(`${lines.join('\n')}\n`, {
    file: 'team.yaml',
    baseDir: '/projects/demo',
    cwd: '/nonexistent',
    env,
  });
}

/** `backend.mcp_servers` of one agent, checked by this package's schema through the runtime, as a run checks it. */
function check(serverLines: string[], env: Record<string, string> = {}) {
  const config = configOf(
    ['agent:', '  id: a', '  backend:', '    type: openai', '    mcp_servers:', ...serverLines],
    env,
  );
  const entry = config.tools.find((candidate) => candidate.name === 'mcp');
  if (entry === undefined) throw new Error('the configuration does not name the mcp package');
  const { settings, issues } = parseToolPackageSettings(config, entry, mcp);
  return {
    servers: (settings.agents[0]?.settings as McpServers | undefined)?.servers,
    issues: issues.map((issue) => `${issue.path}:${issue.line ?? ''} ${issue.message}`),
  };
}

describe('mcp_servers settings', () => {
  it('reads the map form, with environment values and arguments as text', () => {
    const { servers, issues } = check(
      [
        '      brave_search:',
        '        type: stdio',
        '        command: npx',
        '        args: ["-y", "@modelcontextprotocol/server-brave-search", 8080]',
        '        env: {BRAVE_API_KEY: "${BRAVE_API_KEY}", DEBUG: true}',
      ],
      { BRAVE_API_KEY: 'brave-key' },
    );
    expect(issues).toEqual([]);
    expect(servers).toEqual([
      {
        name: 'brave_search',
        key: 'brave_search',
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-brave-search', '8080'],
        env: { BRAVE_API_KEY: 'brave-key', DEBUG: 'true' },
      },
    ]);
  });

  it('reads the list form and infers the transport when type is left out', () => {
    const { servers } = check([
      '      - name: weather',
      '        command: npx',
      '        cwd: ./tools',
      '        allowed_tools: [get_forecast]',
      '      - name: remote',
      '        url: https://example.com/mcp',
      '        headers: {Authorization: Bearer x}',
      '        exclude_tools: [delete_all]',
    ]);
    expect(servers).toEqual([
      {
        name: 'weather',
        key: 0,
        type: 'stdio',
        command: 'npx',
        args: [],
        env: {},
        cwd: './tools',
        allowedTools: ['get_forecast'],
      },
      {
        name: 'remote',
        key: 1,
        type: 'streamable-http',
        url: 'https://example.com/mcp',
        headers: { Authorization: 'Bearer x' },
        excludeTools: ['delete_all'],
      },
    ]);
  });

  it('reports servers that cannot be started at their key paths and lines', () => {
    expect(
      check([
        '      - {name: weather, type: stdio}',
        '      - {type: stdio, command: npx}',
        '      - {name: remote, type: streamable-http, url: "ftp://example.com"}',
        '      - {name: weather, url: "https://example.com/mcp"}',
      ]).issues,
    ).toEqual([
      'agent.backend.mcp_servers[0].command:6 missing; expected the command that starts the stdio server',
      'agent.backend.mcp_servers[1].name:7 missing; expected a name for the server in a list of servers',
      'agent.backend.mcp_servers[2].url:8 expected an http:// or https:// URL, got "ftp://example.com"',
      'agent.backend.mcp_servers[3].name:9 duplicate server name "weather"; expected unique names',
    ]);
  });

  it('reports duplicate names, a map entry named differently from its key, and a value of the wrong shape', () => {
    expect(check(['      - {name: w, command: a}', '      - {name: w, command: b}']).issues).toEqual([
      'agent.backend.mcp_servers[1].name:7 duplicate server name "w"; expected unique names',
    ]);
    expect(check(['      weather: {name: forecast, command: a}']).issues).toEqual([
      'agent.backend.mcp_servers.weather.name:6 "forecast" differs from the key "weather"; expected the key alone to name the server',
    ]);
    const config = configOf(['agent:', '  id: a', '  backend: {type: openai, mcp_servers: npx weather}']);
    const entry = config.tools.find((candidate) => candidate.name === 'mcp');
    expect(entry === undefined ? [] : parseToolPackageSettings(config, entry, mcp).issues).toEqual([
      {
        path: 'agent.backend.mcp_servers',
        line: 3,
        message:
          'expected a list of servers ({name, type, command, ...}) or a mapping of server names to servers, got "npx weather"',
      },
    ]);
  });

  it('never echoes values that came from the environment or sit under env and headers', () => {
    const { issues } = check(
      ['      remote:', '        url: ${MCP_URL}', '        headers: {Authorization: [not, text]}'],
      { MCP_URL: 'sk-secret-url' },
    );
    expect(issues).toEqual([
      'agent.backend.mcp_servers.remote.url:7 expected an http:// or https:// URL, got text',
      'agent.backend.mcp_servers.remote.headers.Authorization:8 expected text (a string, number or boolean), got a list',
    ]);
  });

  it('is not needed by a run whose agents declare no server', async () => {
    const config = configOf(['agent:', '  id: a', '  backend: {type: openai, mcp_servers: {}}']);
    const run = { runId: 'r', cwd: '/nonexistent', signal: new AbortController().signal, warn: () => {} };
    await expect(openToolPackage(mcp, config, 'mcp', run)).resolves.toBeUndefined();
  });

  it('warns, at its key path, about a key the server transport does not use', async () => {
    const config = configOf([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: claude',
      '    mcp_servers:',
      '      - {name: w, type: stdio, command: massgen-no-such-mcp-server, url: "https://x.dev"}',
    ]);
    const warnings: string[] = [];
    const source = await openToolPackage(mcp, config, 'mcp', {
      runId: 'r',
      cwd: '/nonexistent',
      signal: new AbortController().signal,
      warn: (warning) => warnings.push(`${warning.code} ${warning.path ?? ''}: ${warning.message}`),
    });
    await source?.close();
    expect(warnings[0]).toBe(
      'ignored-key agent.backend.mcp_servers[0].url: not used by a stdio server, so it is ignored',
    );
    expect(warnings[1]).toMatch(/^mcp-server-failed : MCP server "w" of agent a failed to start/);
  });
});
