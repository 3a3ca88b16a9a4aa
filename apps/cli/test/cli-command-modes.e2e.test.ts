import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sandboxAvailability } from '@massgen/process-containment';
import { commandLineAgentYaml } from './command-line-agent.js';
import { runCli } from './run-cli.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

/**
 * Which confinement each agent's commands get, through the built CLI: what `--validate` and the
 * start of a run say, Docker mode on a machine whose engine cannot be reached (the fallback to
 * the OS sandbox, and `require_docker`), and a machine without bubblewrap.
 */
const available = sandboxAvailability();

const at = (...parts: string[]): string => path.join(setup.directory, ...parts);

/** A Docker client pointed at a socket nobody listens on: no engine, even where one runs. */
const noEngine = (): Record<string, string> => ({ DOCKER_HOST: `unix://${at('no-docker.sock')}` });

/** A `PATH` with no bubblewrap (and no Docker client) on it. */
const noBubblewrap = (): Record<string, string> => ({ PATH: at('empty-bin') });

/** What the coder's first command wrote, in the run's copy of its workspace. */
function made(): string {
  const [runId] = readdirSync(at('.massgen', 'workspaces'));
  return readFileSync(at('.massgen', 'workspaces', runId ?? '', 'coder_ws', 'made.txt'), 'utf8');
}

function agent(id: string, lines: readonly string[]): string {
  return commandLineAgentYaml(id, {
    url: setup.server.url,
    apiKey: 'test-key',
    cwd: `${id}_ws`,
    lines: ['enable_mcp_command_line: true', ...lines],
  });
}

function writeTeam(name: string, agents: readonly string[]): string {
  const file = at(name);
  writeFileSync(file, `agents:\n${agents.join('\n')}\n`);
  return file;
}

/**
 * What `--validate` and a run of `file` say (stdout and stderr) with `env` added: each must exit
 * with 1, and neither may reach the model.
 */
async function refusals(file: string, env: Record<string, string>): Promise<string[]> {
  const said: string[] = [];
  for (const args of [
    ['--validate', file],
    ['--no-display', '--config', file, 'Make a file'],
  ]) {
    const result = await runCli(args, { cwd: setup.directory, env });
    expect(result.code, args[0]).toBe(1);
    said.push(`${result.stdout}${result.stderr}`);
  }
  expect(setup.server.requests).toHaveLength(0);
  return said;
}

const setup = useFakeServerDirectory('cli-modes', {
  server: () => ({
    apiKey: 'test-key',
    responder: toolScriptResponder([
      { name: 'execute_command', arguments: { command: 'echo made > made.txt && echo made-it' } },
      { name: 'execute_command', arguments: { command: `cat ${at('outside', 'secret.txt')}` } },
    ]),
  }),
  resolveLinks: true,
});
beforeEach(() => {
  mkdirSync(at('empty-bin'));
  mkdirSync(at('outside'));
  writeFileSync(at('outside', 'secret.txt'), 'outside secret\n');
});

describe.skipIf(!available.available)('massgen --validate with the command tool', () => {
  it('says where each agent’s commands run and why', async () => {
    const file = writeTeam('team.yaml', [
      agent('plain', []),
      agent('unconfined', ['command_line_execution_mode: local']),
      agent('boxed', ['command_line_execution_mode: sandbox', 'command_line_docker_network_mode: bridge']),
      agent('docked', ['command_line_execution_mode: docker', 'command_line_docker_network_mode: bridge']),
    ]);
    const result = await runCli(['--validate', file], { cwd: setup.directory, env: noEngine() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('  commands: '));
    expect(lines).toEqual([
      expect.stringMatching(
        /^ {2}commands: agent plain: commands run in the OS sandbox, the default .*; network: none$/,
      ),
      expect.stringMatching(
        /^ {2}commands: agent unconfined: command_line_execution_mode is local: commands run unconfined/,
      ),
      expect.stringMatching(/^ {2}commands: agent boxed: command_line_execution_mode is sandbox: .*; network: none$/),
      expect.stringMatching(
        /^ {2}commands: agent docked: command_line_execution_mode is docker, but no Docker engine is reachable \(.+\), so commands run in the OS sandbox instead.*; network: the host's$/,
      ),
    ]);
  });
});

describe('Docker mode without a reachable engine', () => {
  it.skipIf(!available.available)(
    'runs the commands in the OS sandbox instead, and says so once',
    async () => {
      const file = writeTeam('team.yaml', [agent('coder', ['command_line_execution_mode: docker'])]);
      const result = await runCli(['--no-display', '--config', file, 'Make a file'], {
        cwd: setup.directory,
        env: noEngine(),
      });
      expect(result.code, result.stderr).toBe(0);
      const notices = result.stderr.match(/no Docker engine is reachable/g) ?? [];
      expect(notices).toHaveLength(1);
      expect(result.stderr).toContain('so commands run in the OS sandbox instead');
      const [wrote, outside] = toolResults(setup.server.requests);
      expect(wrote).toContain('made-it');
      expect(made()).toBe('made\n');
      expect(outside).toMatch(/^Error: /);
      expect(outside).not.toContain('outside secret');
    },
    60_000,
  );

  it('refuses to run when the configuration requires Docker, naming the key and how to get an engine', async () => {
    const file = writeTeam('team.yaml', [
      agent('coder', ['command_line_execution_mode: docker', 'require_docker: true']),
    ]);
    for (const said of await refusals(file, noEngine())) {
      expect(said).toContain(file);
      expect(said).toMatch(/agents\[0\]\.backend\.require_docker \(agent "coder", line \d+\)/);
      expect(said).toContain('no Docker engine is reachable');
      expect(said).toContain('https://docs.docker.com/engine/install/');
      expect(said).not.toMatch(/\n\s+at /);
    }
  });
});

describe('a machine without bubblewrap', () => {
  it('runs commands unconfined by default, saying why and how to install it', async () => {
    const file = writeTeam('team.yaml', [agent('coder', [])]);
    const result = await runCli(['--no-display', '--config', file, 'Make a file'], {
      cwd: setup.directory,
      env: noBubblewrap(),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'agent coder: commands run unconfined, as you, because bubblewrap (bwrap) is not installed',
    );
    expect(result.stderr).toContain('sudo apt-get install bubblewrap');
    expect(made()).toBe('made\n');
  }, 60_000);

  it('refuses a configuration that asks for the sandbox, with the install command', async () => {
    const file = writeTeam('team.yaml', [agent('coder', ['command_line_execution_mode: sandbox'])]);
    for (const said of await refusals(file, noBubblewrap())) {
      expect(said).toMatch(/agents\[0\]\.backend\.command_line_execution_mode \(agent "coder", line \d+\)/);
      expect(said).toContain('bubblewrap (bwrap) is not installed');
      expect(said).toContain('sudo apt-get install bubblewrap');
    }
  });
});
