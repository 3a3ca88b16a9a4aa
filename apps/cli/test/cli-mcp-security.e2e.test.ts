import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { sandboxAvailability } from '@massgen/process-containment';
import { descendantProcessIdentities, isSameProcessRunning, processCommandLine } from '@massgen/testing';
import type { ProcessIdentity } from '@massgen/testing';
import { mcpServerBin } from './mcp-reference-servers.js';
import { toolUsingModel } from './mcp-tool-model.js';
import { writeMcpTeam } from './mcp-team.js';
import { runCli, startCli } from './run-cli.js';
import type { StartedCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/**
 * Upstream's MCP `security` block through the built CLI, with the real filesystem server: a
 * server that breaks its policy is refused before anything starts (as `--validate` says, at each
 * key), one that keeps it starts in the agent's workspace, and one with `sandbox: true` sees
 * only the workspace, the context paths and its own files.
 */

const filesystemBin = mcpServerBin('server-filesystem');
const quote = (value: string): string => JSON.stringify(value);
const sandbox = sandboxAvailability();
let cli: StartedCli | undefined;
/** Each child process seen, by pid, as it was when seen (a later process may be given its pid). */
let seenChildren: Map<number, { identity: ProcessIdentity; commandLine: string }>;

const setup = useFakeServerDirectory('cli-mcp-security', {
  server: () => ({ apiKey: 'test-key' }),
  resolveLinks: true,
});
beforeEach(() => {
  seenChildren = new Map();
  mkdirSync(path.join(setup.directory, 'shared'));
  writeFileSync(path.join(setup.directory, 'shared', 'brief.md'), 'The brief: ship on Friday.');
  writeFileSync(path.join(setup.directory, 'secret.txt'), 'the launch codes');
});

afterEach(() => {
  if (cli !== undefined && cli.child.exitCode === null) cli.child.kill('SIGKILL');
  cli = undefined;
});

function recordChildren(): void {
  const pid = cli?.child.pid;
  if (pid === undefined) return;
  for (const identity of descendantProcessIdentities(pid))
    if (!seenChildren.has(identity.pid))
      seenChildren.set(identity.pid, { identity, commandLine: processCommandLine(identity.pid) });
}

/** One agent with a workspace and a read-only context path, and the filesystem server under `security`. */
function writeConfig(serverBlock: string): string {
  return writeMcpTeam(path.join(setup.directory, 'files.yaml'), {
    url: setup.server.url,
    servers: serverBlock,
    backendExtra: '      cwd: ws\n      context_paths:\n        - path: shared\n          permission: read\n',
  });
}

function toolResult(): Extract<RunEvent, { type: 'tool-result' }> | undefined {
  return readRunEvents(setup.directory).find(
    (event): event is Extract<RunEvent, { type: 'tool-result' }> => event.type === 'tool-result',
  );
}

// Each test starts the built CLI once or twice and a real server: on a busy machine that takes a while.
describe.runIf(process.platform === 'linux')('MCP servers under a security policy', { timeout: 90_000 }, () => {
  it('refuses servers that break their policy, at each key, in --validate and in a run, before anything starts', async () => {
    const file = writeConfig(`        - name: files
          command: ${quote(process.execPath)}
          args: [${quote(filesystemBin)}, "/"]
          env:
            LD_PRELOAD: /tmp/hook.so
          security:
            level: high
        - name: shell
          command: /bin/sh
          args: ["-c", "exec node server.js > server.log"]
          cwd: ${quote(setup.directory)}
          security:
            level: strict
`);
    const validate = await runCli(['--validate', file], { cwd: setup.directory });
    cli = startCli(['--no-display', '--config', file, 'List the files'], { cwd: setup.directory });
    const run = await cli.done;
    const expected = [
      'agents[0].backend.mcp_servers[0].args[1] (agent "reader", mcp_servers "files", line 15): MCP server "files" is refused by its security policy (level strict): "/" names the directory /, outside the agent\'s workspace and context paths',
      'agents[0].backend.mcp_servers[0].env.LD_PRELOAD (agent "reader", mcp_servers "files", line 17): MCP server "files" is refused by its security policy (level strict): LD_PRELOAD may not be set for an MCP server: it changes which code the server runs',
      'agents[0].backend.mcp_servers[1].command (agent "reader", mcp_servers "shell", line 21): MCP server "shell" is refused by its security policy (level strict): program "sh" may not start an MCP server; allowed: node, nodejs, npx',
      'agents[0].backend.mcp_servers[1].args[1] (agent "reader", mcp_servers "shell", line 22): MCP server "shell" is refused by its security policy (level strict): "exec node server.js > server.log" holds a shell character',
      `agents[0].backend.mcp_servers[1].cwd (agent "reader", mcp_servers "shell", line 23): MCP server "shell" is refused by its security policy (level strict): ${setup.directory} is outside the agent's workspace`,
    ];
    expect(validate.code).toBe(1);
    expect(run.code).toBe(1);
    for (const line of expected) {
      expect(validate.stdout).toContain(line);
      expect(run.stderr).toContain(line);
    }
    // Refused before anything started: no model request, no server process.
    expect(setup.server.requests).toHaveLength(0);
    expect(readdirSync(setup.directory)).not.toContain('.massgen');
  });

  it('starts a server that keeps its policy in the agent workspace, and says so in --validate', async () => {
    const file = writeConfig(`        - name: files
          command: ${quote(process.execPath)}
          args: [${quote(filesystemBin)}, "."]
          env:
            LOG_LEVEL: info
          security:
            level: strict
`);
    const validate = await runCli(['--validate', file], { cwd: setup.directory });
    expect(validate.code, validate.stdout).toBe(0);
    expect(validate.stdout).toContain(
      `  mcp: agent reader, server "files": security level strict; starts in the agent's workspace; not sandboxed (security.sandbox: true starts it in the OS sandbox)\n`,
    );
    setup.server.setResponder(toolUsingModel('mcp__files__list_allowed_directories', {}, recordChildren));
    cli = startCli(['--no-display', '--config', file, 'Where may you work?'], { cwd: setup.directory });
    const result = await cli.done;
    expect(result.code, result.stderr).toBe(0);
    const [runId] = readdirSync(path.join(setup.directory, '.massgen', 'runs'));
    const workspace = path.join(setup.directory, '.massgen', 'workspaces', runId ?? '', 'ws');
    // "." is the directory the server started in: the agent's workspace of this run.
    expect(toolResult()).toMatchObject({ name: 'mcp__files__list_allowed_directories', isError: false });
    expect(toolResult()?.output).toBe(`Allowed directories:\n${workspace}`);
    expect(result.stdout).toBe(`The tool said: Allowed directories:\n${workspace}\n`);
  });

  it.runIf(sandbox.available)(
    'starts a server with sandbox: true in the OS sandbox: the context path readable, the rest of your files absent',
    async () => {
      const file = writeConfig(`        - name: files
          command: ${quote(process.execPath)}
          args: [${quote(filesystemBin)}, "/"]
          security:
            level: permissive
            sandbox: true
`);
      const brief = path.join(setup.directory, 'shared', 'brief.md');
      const secret = path.join(setup.directory, 'secret.txt');
      setup.server.setResponder(
        toolUsingModel('mcp__files__read_multiple_files', { paths: [brief, secret, file] }, recordChildren),
      );
      cli = startCli(['--no-display', '--config', file, 'Read the brief and the secret'], { cwd: setup.directory });
      const result = await cli.done;
      expect(result.code, result.stderr).toBe(0);
      const output = toolResult()?.output ?? '';
      expect(output).toContain(`${brief}:\nThe brief: ship on Friday.`);
      expect(output).toMatch(new RegExp(`${secret}: Error - .*(ENOENT|no such file)`));
      expect(output).toMatch(new RegExp(`${file}: Error - `));
      expect(output).not.toContain('the launch codes');
      expect(output).not.toContain('test-key');
      // The server ran under bubblewrap, and nothing it started is left.
      expect(
        [...seenChildren.values()].some(
          ({ commandLine }) => commandLine.startsWith('bwrap ') && commandLine.includes(filesystemBin),
        ),
      ).toBe(true);
      // Told by start time from a later process given its pid; one killed on the CLI's way out may take a moment to go.
      await expect
        .poll(() => [...seenChildren.values()].filter(({ identity }) => isSameProcessRunning(identity)), {
          timeout: 10_000,
        })
        .toEqual([]);
    },
  );
});
