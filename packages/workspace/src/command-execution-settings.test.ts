import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Warning } from '@massgen/core';
import { configIn, openWorkspace, workspaceContext } from './workspace-test-support.js';

let directory: string;

beforeEach(() => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-commands-')));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function backend(lines: string[]): string {
  return [
    'agents:',
    '  - id: coder',
    '    backend:',
    '      type: openai',
    '      model: gpt-5',
    ...lines.map((line) => `      ${line}`),
    '',
  ].join('\n');
}

/** The tools the workspace package offers the first agent, and the warnings it gave. */
async function opened(yaml: string): Promise<{ tools: string[]; warnings: Warning[] }> {
  const warnings: Warning[] = [];
  const source = await openWorkspace(directory, yaml, (warning) => warnings.push(warning));
  const tools = (source?.toolsFor?.('coder') ?? []).map((tool) => tool.name);
  await source?.close();
  return { tools, warnings };
}

describe('command execution settings', () => {
  it('offers execute_command for the upstream switch and patterns, keeping them out of the backend options', async () => {
    const yaml = backend([
      'cwd: workspace',
      'enable_mcp_command_line: true',
      'command_line_execution_mode: local',
      'command_line_allowed_commands: ["python.*", "pytest.*"]',
      'command_line_blocked_commands: ["pip.*"]',
    ]);
    const { tools, warnings } = await opened(yaml);
    expect(tools).toContain('execute_command');
    expect(warnings).toEqual([]);
    expect(configIn(directory, yaml).agents[0]?.backend.options).toEqual({});
  });

  it('accepts the seed-style switch, with the agent-level cwd as the workspace', async () => {
    const { tools } = await opened(
      [
        'agents:',
        '  - id: coder',
        '    cwd: workspace',
        '    backend:',
        '      type: openai',
        '      command_execution: true',
        '',
      ].join('\n'),
    );
    expect(tools).toContain('execute_command');
  });

  it('is off unless switched on, even with patterns', async () => {
    const { tools, warnings } = await opened(
      backend(['cwd: workspace', 'command_line_allowed_commands: ["ls"]', 'enable_mcp_command_line: false']),
    );
    expect(tools).not.toContain('execute_command');
    expect(warnings).toEqual([]);
  });

  it('turns the tool off with a warning when Docker is asked for, rather than running commands unsandboxed', async () => {
    const { tools, warnings } = await opened(
      backend(['cwd: workspace', 'enable_mcp_command_line: true', 'command_line_execution_mode: docker']),
    );
    expect(tools).not.toContain('execute_command');
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'command-execution-off',
        path: 'agents[0].backend.command_line_execution_mode',
        agentId: 'coder',
        message: expect.stringContaining('cannot run commands in Docker, so the command execution tool is off'),
      }),
    ]);
  });

  it('turns the tool off with a warning when the agent has no workspace, and makes no directories for it', async () => {
    const { tools, warnings } = await opened(backend(['command_execution: true']));
    expect(tools).toEqual([]);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'command-execution-off', path: 'agents[0].backend.command_execution' }),
    ]);
    expect(() => realpathSync(path.join(directory, '.massgen'))).toThrow();
  });

  it('rejects a pattern that is not a regular expression, naming the key and its line', () => {
    expect(() =>
      workspaceContext(
        directory,
        backend(['cwd: w', 'enable_mcp_command_line: true', 'command_line_blocked_commands: ["rm (-rf"]']),
      ),
    ).toThrow(
      /agents\[0\]\.backend\.command_line_blocked_commands\[0\] \(agent "coder", line 8\): expected a valid regular expression/,
    );
  });

  it('rejects a switch that is not true or false', () => {
    expect(() => workspaceContext(directory, backend(['cwd: w', 'enable_mcp_command_line: "yes"']))).toThrow(
      /agents\[0\]\.backend\.enable_mcp_command_line \(agent "coder", line 7\): expected true or false, got "yes"/,
    );
  });
});
