import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '@massgen/core';
import { descendantProcesses, isProcessRunning } from '@massgen/testing';
import { startCli } from './run-cli.js';
import { readRunRecord } from './run-record-events.js';
import { writeSoloAgent } from './solo-agent-config.js';
import { toolScriptResponder } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const linux = process.platform === 'linux';

const setup = useFakeServerDirectory('cli-signals', { server: () => ({ apiKey: 'test-key' }), resolveLinks: true });

/** A sleep no other test runs, so that finding it running means this test left it. */
function uniqueSleep(): string {
  return `sleep 600.${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}

function running(command: string): number[] {
  const found = execFileSync('sh', ['-c', `pgrep -f '^${command}$' || true`], { encoding: 'utf8' }).trim();
  return found === '' ? [] : found.split('\n').map(Number);
}

/**
 * A stdio MCP server whose one tool, `block`, never answers, and which starts a process of its
 * own outside its group (as a server launching a helper might); stubborn, it also ignores the end
 * of its input and SIGTERM, so that closing it takes MassGen's whole grace period, twice.
 */
const mcpServer = (stubborn: boolean): string => `
require('node:child_process').spawn('sleep', ['600.424242'], { detached: true, stdio: 'ignore' });
${stubborn ? "process.on('SIGTERM', () => {});" : ''}
const lines = require('node:readline').createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id === undefined || message.method === 'tools/call') return;
  const result = message.method === 'initialize'
    ? { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'stubborn', version: '1.0.0' } }
    : message.method === 'tools/list' ? { tools: [{ name: 'block', description: 'Never returns.', inputSchema: { type: 'object' } }] } : {};
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\\n');
});
${stubborn ? "lines.on('close', () => setInterval(() => {}, 1000));" : ''}
`;

function writeTeam(options: { stubborn?: boolean } = {}): string {
  writeFileSync(path.join(setup.directory, 'helper.cjs'), mcpServer(false));
  writeFileSync(path.join(setup.directory, 'stubborn.cjs'), mcpServer(true));
  const mcpEntry = (name: string) =>
    `  ${name}:\n    command: ${process.execPath}\n    args: ["${path.join(setup.directory, `${name}.cjs`)}"]\n`;
  return writeSoloAgent(path.join(setup.directory, 'team.yaml'), {
    id: 'worker',
    url: setup.server.url,
    backend: `cwd: workspace\nenable_mcp_command_line: true\nmcp_servers:\n${mcpEntry('helper')}${options.stubborn === true ? mcpEntry('stubborn') : ''}`,
  });
}

function recordOf(): { events: RunEvent[]; status: Record<string, unknown> } {
  const record = readRunRecord(setup.directory);
  return {
    events: record.events,
    status: JSON.parse(readFileSync(path.join(record.directory, 'status.json'), 'utf8')) as Record<string, unknown>,
  };
}

describe.skipIf(!linux)('massgen stopped by a signal', () => {
  it.each(['SIGTERM', 'SIGHUP', 'SIGINT'] as const)(
    'cancels the run on %s: exit code 4, the record ends with run-end, and no child process is left',
    async (signalName) => {
      const inner = uniqueSleep();
      const outer = uniqueSleep();
      setup.server.setResponder(
        toolScriptResponder([
          {
            name: 'execute_command',
            arguments: { command: `setsid sh -c '${inner} &' && ${outer}`, timeout_seconds: 600 },
          },
        ]),
      );
      const cli = startCli(['--no-display', '--config', writeTeam(), 'Work'], { cwd: setup.directory });
      // The command is running (its inner sleep left the session): now the run has children of every kind.
      await expect.poll(() => running(outer).length, { timeout: 30_000, interval: 50 }).toBe(1);
      const children = descendantProcesses(cli.child.pid ?? 0);
      expect(children.length).toBeGreaterThan(0);
      cli.child.kill(signalName);
      const result = await cli.done;
      expect(result.stderr).toContain(`Interrupted (${signalName})`);
      expect(result.code).toBe(4);
      const record = recordOf();
      expect(record.events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'cancelled' });
      expect(record.status).toMatchObject({ stopReason: 'cancelled' });
      expect(running(inner)).toEqual([]);
      expect(running(outer)).toEqual([]);
      expect(running('sleep 600.424242')).toEqual([]);
      expect(children.filter(isProcessRunning)).toEqual([]);
    },
    60_000,
  );

  it('leaves a record when the signal arrives as soon as the binary can catch it', async () => {
    setup.server.setResponder(toolScriptResponder([]));
    const cli = startCli(['--no-display', '--config', writeTeam(), 'Work'], { cwd: setup.directory });
    const pid = cli.child.pid ?? 0;
    // Node itself catches SIGINT and SIGTERM from its start, but not SIGHUP: the SIGHUP bit in
    // SigCgt appears when massgen installs its handlers, all three at once, the earliest moment.
    const caught = (): boolean => {
      const line = readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .find((entry) => entry.startsWith('SigCgt:'));
      return line !== undefined && (BigInt(`0x${line.slice(7).trim()}`) & 1n) !== 0n;
    };
    await expect.poll(caught, { timeout: 30_000, interval: 5 }).toBe(true);
    cli.child.kill('SIGTERM');
    const result = await cli.done;
    expect(result.code).toBe(4);
    const record = recordOf();
    expect(record.events[0]).toMatchObject({ type: 'run-start' });
    expect(record.events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'cancelled' });
    expect(running('sleep 600.424242')).toEqual([]);
  }, 60_000);

  it('quits at once on a second signal while the first is still stopping, with 128 + its number', async () => {
    const outer = uniqueSleep();
    setup.server.setResponder(toolScriptResponder([{ name: 'execute_command', arguments: { command: outer } }]));
    const cli = startCli(['--no-display', '--config', writeTeam({ stubborn: true }), 'Work'], { cwd: setup.directory });
    await expect.poll(() => running(outer).length, { timeout: 30_000, interval: 50 }).toBe(1);
    const children = descendantProcesses(cli.child.pid ?? 0);
    let stderr = '';
    cli.child.stderr?.on('data', (chunk: string) => (stderr += chunk));
    cli.child.kill('SIGTERM');
    // The stubborn server holds the stop for seconds: the second signal lands while it waits.
    await expect.poll(() => stderr.includes('Interrupted (SIGTERM)'), { timeout: 30_000, interval: 20 }).toBe(true);
    cli.child.kill('SIGTERM');
    const [code] = (await once(cli.child, 'exit')) as [number | null];
    expect(code).toBe(143);
    await expect.poll(() => children.filter(isProcessRunning), { timeout: 10_000 }).toEqual([]);
    expect(running(outer)).toEqual([]);
  }, 60_000);

  it('ends the run at --timeout and exits, whatever a tool does', async () => {
    setup.server.setResponder(toolScriptResponder([{ name: 'mcp__helper__block', arguments: {} }]));
    const cli = startCli(['--no-display', '--timeout', '2', '--config', writeTeam(), 'Work'], { cwd: setup.directory });
    const result = await cli.done;
    expect(result.code).toBe(3);
    expect(recordOf().events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'timeout' });
    expect(running('sleep 600.424242')).toEqual([]);
  }, 60_000);
});
