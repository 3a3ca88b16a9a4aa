import { describe, expect, it } from 'vitest';
import { parseFailure, parseYaml } from './config-test-support.js';

function backend(lines: string[]): string[] {
  return [
    'agents:',
    '  - id: coder',
    '    backend:',
    '      type: openai',
    '      model: gpt-5',
    ...lines.map((line) => `      ${line}`),
  ];
}

describe('command execution settings', () => {
  it('maps the upstream switch and patterns, keeping them out of the backend options', () => {
    const config = parseYaml(
      backend([
        'cwd: workspace',
        'enable_mcp_command_line: true',
        'command_line_execution_mode: local',
        'command_line_allowed_commands: ["python.*", "pytest.*"]',
        'command_line_blocked_commands: ["pip.*"]',
      ]),
    );
    expect(config.agents[0]?.backend.commandExecution).toEqual({
      allowedCommands: ['python.*', 'pytest.*'],
      blockedCommands: ['pip.*'],
      mode: 'local',
      requireDocker: false,
      docker: { image: 'ghcr.io/massgen/mcp-runtime:latest', networkMode: 'none', enableSudo: false },
    });
    expect(config.agents[0]?.backend.options).toEqual({});
    expect(config.warnings).toEqual([]);
  });

  it('accepts the seed-style switch, with the agent-level cwd as the workspace', () => {
    const config = parseYaml([
      'agents:',
      '  - id: coder',
      '    cwd: workspace',
      '    backend:',
      '      type: openai',
      '      command_execution: true',
    ]);
    expect(config.agents[0]?.backend.commandExecution).toMatchObject({ allowedCommands: [], blockedCommands: [] });
    expect(config.agents[0]?.backend.commandExecution?.mode).toBeUndefined();
  });

  it('is off unless switched on, even with patterns', () => {
    const config = parseYaml(
      backend(['cwd: workspace', 'command_line_allowed_commands: ["ls"]', 'enable_mcp_command_line: false']),
    );
    expect(config.agents[0]?.backend.commandExecution).toBeUndefined();
    expect(config.warnings).toEqual([]);
  });

  it("reads upstream's Docker keys; credentials and packages are warned about", () => {
    const config = parseYaml(
      backend([
        'cwd: workspace',
        'enable_mcp_command_line: true',
        'command_line_execution_mode: docker',
        'command_line_docker_image: python:3.12-slim',
        'command_line_docker_memory_limit: 2g',
        'command_line_docker_cpu_limit: 1.5',
        'command_line_docker_network_mode: bridge',
        'command_line_docker_credentials: {env_vars: [GITHUB_TOKEN]}',
        'require_docker: true',
      ]),
    );
    expect(config.agents[0]?.backend.commandExecution).toMatchObject({
      mode: 'docker',
      requireDocker: true,
      docker: { image: 'python:3.12-slim', networkMode: 'bridge', memoryLimit: '2g', cpuLimit: 1.5, enableSudo: false },
    });
    expect(config.warnings).toEqual([
      expect.objectContaining({ path: 'agents[0].backend.command_line_docker_credentials' }),
    ]);
  });

  it('rejects a mode it does not know', () => {
    const mode = parseFailure(backend(['cwd: w', 'enable_mcp_command_line: true', 'command_line_execution_mode: vm']));
    expect(mode.message).toContain('expected one of "local", "sandbox", "docker"');
  });

  it('turns the tool off with a warning when the agent has no workspace', () => {
    const config = parseYaml(backend(['command_execution: true']));
    expect(config.agents[0]?.backend.commandExecution).toBeUndefined();
    expect(config.warnings).toEqual([
      expect.objectContaining({ code: 'command-execution-off', path: 'agents[0].backend.command_execution' }),
    ]);
  });

  it('rejects a pattern that is not a regular expression, naming the key', () => {
    const error = parseFailure(
      backend(['cwd: w', 'enable_mcp_command_line: true', 'command_line_blocked_commands: ["rm (-rf"]']),
    );
    expect(error.message).toContain('agents[0].backend.command_line_blocked_commands[0]');
    expect(error.message).toContain('expected a valid regular expression');
  });

  it('rejects a switch that is not true or false', () => {
    const error = parseFailure(backend(['cwd: w', 'enable_mcp_command_line: "yes"']));
    expect(error.message).toContain('agents[0].backend.enable_mcp_command_line');
    expect(error.message).toContain('expected true or false');
  });
});
