import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import type { McpServerConfig } from '../mcp-servers-settings.js';
import type { McpServerSecurity } from './normalize-mcp-security.js';
import { checkStdioServer } from './stdio-security-checks.js';
import type { SecurityScope } from './security-violation.js';

type StdioServer = Extract<McpServerConfig, { type: 'stdio' }>;

const scratch = useTemporaryDirectory('stdio-security');
let scope: SecurityScope;

beforeEach(() => {
  for (const directory of ['workspace/sub', 'shared', 'elsewhere'])
    mkdirSync(path.join(scratch.path, directory), { recursive: true });
  scope = {
    workspace: path.join(scratch.path, 'workspace'),
    contextPaths: [path.join(scratch.path, 'shared')],
    hidden: [],
    baseDir: scratch.path,
  };
});

const policy = (level: McpServerSecurity['level'], extra: Partial<McpServerSecurity> = {}): McpServerSecurity => ({
  level,
  env: { mode: 'denylist', level },
  allowLocalhost: false,
  allowPrivateIps: false,
  resolveDns: false,
  ...extra,
});

const stdio = (command: string, args: string[] = [], cwd?: string): StdioServer => ({
  name: 'files',
  type: 'stdio',
  command,
  args,
  env: {},
  ...(cwd === undefined ? {} : { cwd }),
});

const keys = (server: StdioServer, security: McpServerSecurity) =>
  checkStdioServer(server, security, scope).map((violation) => violation.segments.join('.'));

describe('checkStdioServer', () => {
  it("allows the level's programs by name, from any directory, and no others unless listed", () => {
    expect(keys(stdio('/usr/bin/node', ['server.js']), policy('strict'))).toEqual([]);
    expect(keys(stdio('python3.12', ['-m', 'server']), policy('strict'))).toEqual([]);
    expect(keys(stdio('NPX.cmd'), policy('strict'))).toEqual([]);
    expect(keys(stdio('bash', ['server.sh']), policy('strict'))).toEqual(['command']);
    expect(keys(stdio('bash', ['server.sh']), policy('moderate'))).toEqual([]);
    expect(keys(stdio('my-server'), policy('moderate'))).toEqual(['command']);
    expect(keys(stdio('my-server'), policy('permissive'))).toEqual([]);
    expect(keys(stdio('./bin/my-server'), policy('strict', { allowedExecutables: ['my-server'] }))).toEqual([]);
    // A list of its own replaces the level's.
    expect(keys(stdio('node'), policy('strict', { allowedExecutables: ['my-server'] }))).toEqual(['command']);
  });

  it('refuses a command with shell characters or a parent directory at every level', () => {
    for (const level of ['strict', 'moderate', 'permissive'] as const) {
      expect(keys(stdio('node; rm -rf /'), policy(level))).toEqual(['command']);
      expect(keys(stdio('../tools/node'), policy(level))).toEqual(['command']);
    }
  });

  it('checks arguments more closely the stricter the level', () => {
    const server = stdio('node', ['server.js', '--root=../up', 'a|b', 'x'.repeat(501)]);
    expect(keys(server, policy('strict'))).toEqual(['args.1', 'args.2', 'args.3']);
    expect(keys(server, policy('moderate'))).toEqual(['args.1', 'args.3']);
    expect(keys(server, policy('permissive'))).toEqual([]);
    expect(keys(stdio('node', ['a\u0000b']), policy('permissive'))).toEqual(['args.0']);
    expect(
      keys(
        stdio(
          'node',
          Array.from({ length: 51 }, () => 'x'),
        ),
        policy('moderate'),
      ),
    ).toEqual(['args']);
  });

  it('at strict, refuses a directory argument outside the workspace and context paths, links followed', () => {
    symlinkSync(path.join(scratch.path, 'elsewhere'), path.join(scratch.path, 'workspace', 'door'));
    const server = stdio('node', [
      'server.js',
      '.',
      'sub',
      path.join(scratch.path, 'shared'),
      '/',
      path.join(scratch.path, 'elsewhere'),
      'door',
      '--root=/',
      '--verbose',
    ]);
    const violations = checkStdioServer(server, policy('strict'), scope);
    expect(violations.map((violation) => violation.segments)).toEqual([
      ['args', 4],
      ['args', 5],
      ['args', 6],
      ['args', 7],
    ]);
    expect(violations[2]?.message).toBe(
      `"door" names the directory ${path.join(scratch.path, 'elsewhere')}, outside the agent's workspace and context paths`,
    );
    expect(keys(server, policy('moderate'))).toEqual([]);
  });

  it('keeps a written cwd inside the workspace', () => {
    expect(keys(stdio('node', [], 'workspace/sub'), policy('permissive'))).toEqual([]);
    const outside = checkStdioServer(stdio('node', [], 'elsewhere'), policy('permissive'), scope);
    expect(outside).toEqual([
      {
        segments: ['cwd'],
        message: `${path.join(scratch.path, 'elsewhere')} is outside the agent's workspace ${path.join(scratch.path, 'workspace')}; a server under a security policy starts in the workspace (leave cwd out) or a directory inside it`,
      },
    ]);
    // Without a workspace, a cwd may be anywhere that does not climb with "..".
    const { workspace: _workspace, ...noWorkspace } = scope;
    expect(checkStdioServer(stdio('node', [], 'elsewhere'), policy('strict'), noWorkspace)).toEqual([]);
    expect(checkStdioServer(stdio('node', [], '../up'), policy('strict'), noWorkspace)[0]?.segments).toEqual(['cwd']);
  });
});
