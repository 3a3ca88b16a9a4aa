import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sandboxAvailability } from '@massgen/process-containment';
import { descendantProcessIdentities, processCommandLine } from '@massgen/testing';
import { writeMcpTeam } from './mcp-team.js';
import { runCli } from './run-cli.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';
import type { ScriptedCall } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/**
 * MCP integrations through the built CLI: `integration: filesystem` and `integration: memory`
 * start the pinned reference servers with this Node (never npx), their tools reach the model
 * and their results come back; upstream's `npx -y @modelcontextprotocol/server-filesystem`
 * runs the installed integration instead of downloading; options are checked at key paths.
 */

const quote = (value: string): string => JSON.stringify(value);
const sandbox = sandboxAvailability();

const setup = useFakeServerDirectory('cli-mcp-integrations', {
  server: () => ({ apiKey: 'test-key' }),
  resolveLinks: true,
});
beforeEach(() => {
  mkdirSync(path.join(setup.directory, 'shared'));
  writeFileSync(path.join(setup.directory, 'shared', 'brief.md'), 'The brief: ship on Friday.');
});

/** One agent with a workspace and a read-only context path, and the given `mcp_servers` entries. */
function writeConfig(servers: string, backendExtra = '      cwd: ws\n'): string {
  return writeMcpTeam(path.join(setup.directory, 'team.yaml'), {
    url: setup.server.url,
    servers,
    backendExtra: `${backendExtra}      context_paths:\n        - path: shared\n          permission: read\n`,
  });
}

function script(calls: ScriptedCall[]): void {
  setup.server.setResponder(toolScriptResponder(calls, 'Done.'));
}

describe.runIf(process.platform === 'linux')('MCP integrations', { timeout: 90_000 }, () => {
  it('integration: filesystem serves the context path, and the file reaches the model', async () => {
    const brief = path.join(setup.directory, 'shared', 'brief.md');
    const file = writeConfig('        - name: files\n          integration: filesystem\n');
    const validate = await runCli(['--validate', file], { cwd: setup.directory });
    expect(validate.code, validate.stdout).toBe(0);
    const seen: string[] = [];
    const scripted = toolScriptResponder([{ name: 'mcp__files__read_text_file', arguments: { path: brief } }]);
    setup.server.setResponder((request) => {
      for (const identity of descendantProcessIdentities(process.pid)) seen.push(processCommandLine(identity.pid));
      return scripted(request);
    });
    const run = await runCli(['--no-display', '--config', file, 'What does the brief say?'], { cwd: setup.directory });
    expect(run.code, run.stderr).toBe(0);
    expect(toolResults(setup.server.requests)).toEqual(['The brief: ship on Friday.']);
    // Started with this Node and the pinned package's own bin file, never npx.
    const started = seen.find((line) => line.includes('server-filesystem'));
    expect(started).toBeDefined();
    expect(started).not.toMatch(/\bnpx\b/);
    expect(started).toContain(process.execPath);
  });

  it.runIf(sandbox.available)(
    'keeps a read-only context path read-only: the server runs in the OS sandbox',
    async () => {
      const file = writeConfig('        - name: files\n          integration: filesystem\n');
      const target = path.join(setup.directory, 'shared', 'changed.md');
      script([{ name: 'mcp__files__write_file', arguments: { path: target, content: 'overwritten' } }]);
      const run = await runCli(['--no-display', '--config', file, 'Change the brief'], { cwd: setup.directory });
      expect(run.code, run.stderr).toBe(0);
      const [result] = toolResults(setup.server.requests);
      expect(result).toMatch(/EROFS: read-only file system/);
      expect(existsSync(target)).toBe(false);
    },
  );

  it('integration: memory keeps an entity across two tool calls in one run', async () => {
    const file = writeConfig('        - name: memory\n          integration: memory\n');
    script([
      {
        name: 'mcp__memory__create_entities',
        arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['ships on Friday'] }] },
      },
      { name: 'mcp__memory__open_nodes', arguments: { names: ['Ada'] } },
    ]);
    const run = await runCli(['--no-display', '--config', file, 'Remember Ada'], { cwd: setup.directory });
    expect(run.code, run.stderr).toBe(0);
    const results = toolResults(setup.server.requests);
    expect(results).toHaveLength(2);
    expect(results[1]).toContain('ships on Friday');
    expect(JSON.parse(results[1] ?? '{}')).toMatchObject({
      entities: [{ name: 'Ada', entityType: 'person', observations: ['ships on Friday'] }],
    });
  });

  it("runs upstream's npx spelling from the installed integration, with no npx and no download", async () => {
    // An npx that only leaves a mark: the run must never call it.
    const bin = path.join(setup.directory, 'bin');
    mkdirSync(bin);
    const mark = path.join(setup.directory, 'npx-was-run');
    writeFileSync(path.join(bin, 'npx'), `#!/bin/sh\ntouch ${quote(mark)}\nexit 1\n`);
    chmodSync(path.join(bin, 'npx'), 0o755);
    const file = writeConfig(
      `        - name: filesystem
          type: stdio
          command: npx
          args: ["-y", "@modelcontextprotocol/server-filesystem", "shared"]
`,
      '',
    );
    const env = { PATH: `${bin}:/usr/bin:/bin` };
    script([
      {
        name: 'mcp__filesystem__read_text_file',
        arguments: { path: path.join(setup.directory, 'shared', 'brief.md') },
      },
    ]);
    const validate = await runCli(['--validate', file], { cwd: setup.directory, env });
    expect(validate.code, validate.stdout).toBe(0);
    const note =
      'MCP server "filesystem": @modelcontextprotocol/server-filesystem is run from the installed @massgen/mcp-filesystem instead of downloading it with npx';
    expect(validate.stdout).toContain(`  mcp: ${note}\n`);
    const run = await runCli(['--no-display', '--config', file, 'What does the brief say?'], {
      cwd: setup.directory,
      env,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(toolResults(setup.server.requests)).toEqual(['The brief: ship on Friday.']);
    expect(run.stderr.split(note)).toHaveLength(2);
    expect(existsSync(mark)).toBe(false);
  });

  it("checks an integration's options at their key paths, and names a missing integration package", async () => {
    const file = writeConfig(
      `        - name: files
          integration: filesystem
          options:
            paths: shared
        - name: notes
          integration: memory
          options:
            fiel: notes.jsonl
        - name: weather
          integration: weather
`,
    );
    const validate = await runCli(['--validate', file], { cwd: setup.directory });
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain(
      'agents[0].backend.mcp_servers[0].options.paths (agent "reader", mcp_servers "files", line 16): MCP server "files": expected a list of directories (an option of the filesystem integration)',
    );
    expect(validate.stdout).toMatch(
      /agents\[0\]\.backend\.mcp_servers\[1\]\.options \(agent "reader", mcp_servers "notes", line 19\): MCP server "notes": .*"fiel".*\(an option of the memory integration\)/,
    );
    expect(validate.stdout).toContain(
      'agents[0].backend.mcp_servers[2].integration (agent "reader", mcp_servers "weather", line 22): MCP server "weather": No package found for MCP integration "weather" (named by agents[0].backend.mcp_servers[2].integration): looked for "@massgen/mcp-weather", "massgen-mcp-weather".',
    );
    const run = await runCli(['--no-display', '--config', file, 'Hello'], { cwd: setup.directory });
    expect(run.code).toBe(1);
    expect(setup.server.requests).toHaveLength(0);
  });
});
