import { realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Warning } from '@massgen/core';
import { commandExecutionOf } from './command-execution-settings.js';
import type { CommandExecutionSettings } from './command-execution-settings.js';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { configIn, openWorkspace, workspaceContext } from './workspace-test-support.js';

const scratch = useTemporaryDirectory('commands');

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
  const source = await openWorkspace(scratch.path, yaml, (warning) => warnings.push(warning));
  const tools = (source?.toolsFor?.('coder') ?? []).map((tool) => tool.name);
  await source?.close();
  return { tools, warnings };
}

/** The command tool settings of the first agent, as its schema and `commandExecutionOf` read them. */
function commandSettings(yaml: string): CommandExecutionSettings | undefined {
  const agent = workspaceContext(scratch.path, yaml).settings.agents[0];
  if (agent === undefined) return undefined;
  return commandExecutionOf(agent.settings, { hasWorkspace: true, keyPath: (key) => key, warn: () => undefined });
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
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'command-execution-mode',
        agentId: 'coder',
        message: expect.stringContaining('agent coder: command_line_execution_mode is local: commands run unconfined'),
      }),
    ]);
    expect(configIn(scratch.path, yaml).agents[0]?.backend.options).toEqual({});
    expect(commandSettings(yaml)).toEqual({
      allowedCommands: ['python.*', 'pytest.*'],
      blockedCommands: ['pip.*'],
      mode: 'local',
      requireDocker: false,
      docker: { image: 'ghcr.io/massgen/mcp-runtime:latest', networkMode: 'none', enableSudo: false },
    });
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

  it("reads upstream's Docker keys; credentials and packages are warned about", () => {
    const yaml = backend([
      'cwd: workspace',
      'enable_mcp_command_line: true',
      'command_line_execution_mode: docker',
      'command_line_docker_image: python:3.12-slim',
      'command_line_docker_memory_limit: 2g',
      'command_line_docker_cpu_limit: 1.5',
      'command_line_docker_network_mode: bridge',
      'command_line_docker_credentials: {env_vars: [GITHUB_TOKEN]}',
      'require_docker: true',
    ]);
    expect(commandSettings(yaml)).toMatchObject({
      mode: 'docker',
      requireDocker: true,
      docker: { image: 'python:3.12-slim', networkMode: 'bridge', memoryLimit: '2g', cpuLimit: 1.5, enableSudo: false },
    });
    expect(configIn(scratch.path, yaml).warnings).toEqual([
      expect.objectContaining({ path: 'agents[0].backend.command_line_docker_credentials' }),
    ]);
    expect(commandSettings(backend(['cwd: w', 'enable_mcp_command_line: true']))?.mode).toBeUndefined();
  });

  it('rejects a mode it does not know', () => {
    expect(() =>
      workspaceContext(
        scratch.path,
        backend(['cwd: w', 'enable_mcp_command_line: true', 'command_line_execution_mode: vm']),
      ),
    ).toThrow('expected one of "local", "sandbox", "docker"');
  });

  it('turns the tool off with a warning when the agent has no workspace, and makes no directories for it', async () => {
    const { tools, warnings } = await opened(backend(['command_execution: true']));
    expect(tools).toEqual([]);
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'command-execution-off', path: 'agents[0].backend.command_execution' }),
    ]);
    expect(() => realpathSync(path.join(scratch.path, '.massgen'))).toThrow();
  });

  it('rejects a pattern that is not a regular expression, naming the key and its line', () => {
    expect(() =>
      workspaceContext(
        scratch.path,
        backend(['cwd: w', 'enable_mcp_command_line: true', 'command_line_blocked_commands: ["rm (-rf"]']),
      ),
    ).toThrow(
      /agents\[0\]\.backend\.command_line_blocked_commands\[0\] \(agent "coder", line 8\): expected a valid regular expression/,
    );
  });

  it('rejects a switch that is not true or false', () => {
    expect(() => workspaceContext(scratch.path, backend(['cwd: w', 'enable_mcp_command_line: "yes"']))).toThrow(
      /agents\[0\]\.backend\.enable_mcp_command_line \(agent "coder", line 7\): expected true or false, got "yes"/,
    );
  });
});
