import { describe, expect, it } from 'vitest';
import { parseConfig } from '@massgen/config';
import { parseToolPackageSettings } from '@massgen/runtime';
import * as mcpPackage from '../index.js';
import type { McpServers } from '../mcp-servers-settings.js';

/** One agent's `mcp_servers`, read by this package's schema through the runtime, as a run reads it. */
function servers(lines: string[]) {
  const config = parseConfig(
    [
      'agents:',
      '  - id: reader',
      '    backend:',
      '      type: openai',
      '      model: gpt-5',
      '      mcp_servers:',
      ...lines.map((line) => `        ${line}`),
      '',
    ].join('\n'),
    { file: 'team.yaml', baseDir: '/projects/demo', cwd: '/nonexistent', env: {} },
  );
  const entry = config.tools.find((candidate) => candidate.name === 'mcp');
  if (entry === undefined) throw new Error('the configuration does not name the mcp package');
  const { settings, issues } = parseToolPackageSettings(config, entry, mcpPackage);
  const agent = settings.agents[0]?.settings as McpServers | undefined;
  return {
    servers: agent?.servers ?? [],
    ignoredKeys: agent?.ignoredKeys ?? [],
    issues: issues.map((issue) => [issue.path, issue.message]),
    warnings: config.warnings,
  };
}

describe('MCP server security', () => {
  it("reads upstream's block: high is strict, the env checks take the server's level", () => {
    const read = servers([
      '- name: files',
      '  command: npx',
      '  args: ["-y", "@modelcontextprotocol/server-filesystem", "."]',
      '  security:',
      '    level: high',
      '    allowed_executables: [npx]',
      '    env: {mode: allowlist, allowed_vars: [LOG_LEVEL]}',
      '    sandbox: {network: host}',
    ]);
    expect(read.issues).toEqual([]);
    expect(read.servers[0]?.security).toEqual({
      level: 'strict',
      allowedExecutables: ['npx'],
      env: { mode: 'allowlist', level: 'strict', allowedVars: ['LOG_LEVEL'] },
      allowLocalhost: false,
      allowPrivateIps: false,
      resolveDns: false,
      sandbox: { network: 'host' },
    });
    expect(read.warnings).toEqual([]);
    expect(read.ignoredKeys).toEqual([]);
  });

  it('reads sandbox: true as no network, and marks keys the transport does not use', () => {
    const read = servers([
      'local:',
      '  command: node',
      '  security: {level: moderate, sandbox: true, allow_localhost: true}',
      'remote:',
      '  url: http://localhost:8000/mcp',
      '  security: {level: permissive, allow_localhost: true, sandbox: true}',
    ]);
    const [local, remote] = read.servers;
    expect(local?.security).toMatchObject({ level: 'moderate', sandbox: { network: 'none' } });
    expect(remote?.security).toMatchObject({ level: 'permissive', allowLocalhost: true });
    expect(remote?.security?.sandbox).toBeUndefined();
    expect(read.ignoredKeys).toEqual([
      { path: ['local', 'security', 'allow_localhost'], transport: 'stdio' },
      { path: ['remote', 'security', 'sandbox'], transport: 'streamable-http' },
    ]);
  });

  it('names the key path of a wrong level, mode or sandbox', () => {
    const read = servers([
      '- name: files',
      '  command: node',
      '  security:',
      '    level: paranoid',
      '    env: {mode: blocklist}',
      '    sandbox: yes please',
    ]);
    expect(read.issues).toEqual([
      [
        'agents[0].backend.mcp_servers[0].security.level',
        expect.stringContaining('expected one of "strict", "moderate", "permissive" ("high" is read as "strict")'),
      ],
      [
        'agents[0].backend.mcp_servers[0].security.env.mode',
        expect.stringContaining('expected one of "denylist", "allowlist"'),
      ],
      [
        'agents[0].backend.mcp_servers[0].security.sandbox',
        expect.stringContaining('expected true, false or {network: none | host}'),
      ],
    ]);
  });
});
