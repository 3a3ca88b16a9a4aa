import { z } from 'zod';
import type { Warning } from '@massgen/core';
import { choiceOf, flag, nonEmptyText, positiveNumber } from '@massgen/config/internal';

/** Upstream MassGen's command image, and the one its `enable_sudo` switches to. */
const defaultImage = 'ghcr.io/massgen/mcp-runtime:latest';
const defaultSudoImage = 'ghcr.io/massgen/mcp-runtime-sudo:latest';

/**
 * The command execution tool (`enable_mcp_command_line: true` upstream, `command_execution: true`
 * in the seed format), present only when it is on and the agent has a workspace to run in.
 */
export interface CommandExecutionSettings {
  /** `command_line_allowed_commands`: regular expressions; when any are given, only matching commands run. */
  allowedCommands: string[];
  /** `command_line_blocked_commands`: regular expressions of commands that never run. */
  blockedCommands: string[];
  /**
   * `command_line_execution_mode` as written: `sandbox` (the OS sandbox), `docker` or `local`
   * (unconfined). Absent means the default, the OS sandbox where this machine has one.
   */
  mode?: 'local' | 'sandbox' | 'docker';
  /** `require_docker`: with `mode: docker`, refuse to run when no Docker engine is reachable. */
  requireDocker: boolean;
  /** Upstream's `command_line_docker_*` keys. */
  docker: DockerCommandSettings;
}

export interface DockerCommandSettings {
  image: string;
  /** `none` (the default), `bridge` or `host`; in the OS sandbox, anything but `none` is the host's network. */
  networkMode: 'none' | 'bridge' | 'host';
  /** Docker's `--memory` (`512m`, `2g`). */
  memoryLimit?: string;
  /** Docker's `--cpus`. */
  cpuLimit?: number;
  enableSudo: boolean;
}

/** Command patterns are JavaScript regular expressions, checked here so a typo fails at load time. */
export const commandPatterns = z
  .array(
    nonEmptyText('a regular expression such as "python.*"').refine(
      (pattern) => {
        try {
          new RegExp(pattern);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'expected a valid regular expression such as "python.*"' },
    ),
    { error: 'expected a list of regular expressions such as ["python.*", "pytest.*"]' },
  )
  .nullish();

const runCommands = 'Give the agent a tool that runs shell commands in its workspace';

/** The command keys of an agent's `backend` block, upstream's names with the seed's `command_execution`. */
export const commandExecutionKeysSchema = z.object({
  enable_mcp_command_line: flag().nullish().describe(`${runCommands} (upstream's name).`),
  command_execution: flag().nullish().describe(`${runCommands}.`),
  command_line_execution_mode: choiceOf(['local', 'sandbox', 'docker'])
    .nullish()
    .describe(
      'Where commands run: `sandbox` (the OS sandbox, bubblewrap; the default where installed), `docker` (a container per command; the OS sandbox when no engine is reachable) or `local` (unconfined).',
    ),
  command_line_allowed_commands: commandPatterns.describe(
    'Regular expressions; when given, only matching commands run.',
  ),
  command_line_blocked_commands: commandPatterns.describe('Regular expressions of commands that never run.'),
  command_line_docker_image: nonEmptyText('an image name such as "python:3.12-slim"')
    .nullish()
    .describe('Image that commands run in, in Docker mode.'),
  command_line_docker_memory_limit: z
    .string({ error: 'expected a memory size such as "512m" or "2g"' })
    .regex(/^\d+(\.\d+)?[bkmg]?$/i, { error: 'expected a memory size such as "512m" or "2g"' })
    .nullish()
    .describe('Memory limit of a command container (`512m`, `2g`).'),
  command_line_docker_cpu_limit: positiveNumber().nullish().describe('CPUs a command container may use (`1.5`).'),
  command_line_docker_network_mode: choiceOf(['none', 'bridge', 'host'])
    .nullish()
    .describe(
      "Network of a command container: `none` (the default), `bridge` or `host`; in the OS sandbox, anything but `none` is the host's network.",
    ),
  command_line_docker_enable_sudo: flag()
    .nullish()
    .describe(
      'Keep the capabilities `sudo` needs in a command container (and use the sudo variant of the default image).',
    ),
  require_docker: flag()
    .nullish()
    .describe(
      'With `command_line_execution_mode: docker`, refuse to run when no Docker engine is reachable instead of using the OS sandbox.',
    ),
});

export type CommandExecutionKeys = z.output<typeof commandExecutionKeysSchema>;

/** The key that switches command execution on for an agent, when one does. */
export function commandExecutionSwitch(keys: CommandExecutionKeys): keyof CommandExecutionKeys | undefined {
  if (keys.enable_mcp_command_line === true) return 'enable_mcp_command_line';
  if (keys.command_execution === true) return 'command_execution';
  return undefined;
}

/**
 * The command execution tool of one agent, when it is switched on and can run: it needs a
 * workspace. Where commands run (OS sandbox, Docker, unconfined) is decided when the run starts,
 * on what this machine has.
 */
export function commandExecutionOf(
  keys: CommandExecutionKeys,
  context: { hasWorkspace: boolean; keyPath: (key: string) => string; warn: (warning: Warning) => void },
): CommandExecutionSettings | undefined {
  const switchKey = commandExecutionSwitch(keys);
  if (switchKey === undefined) return undefined;
  if (!context.hasWorkspace) {
    const path = context.keyPath(switchKey);
    context.warn({
      code: 'command-execution-off',
      path,
      message: `commands run in the agent's workspace, and this agent has none, so the command execution tool is off; set backend.cwd to give it one`,
    });
    return undefined;
  }
  return commandExecutionSettings(keys);
}

/** The settings of a command tool that is on, from the keys as written. */
export function commandExecutionSettings(keys: CommandExecutionKeys): CommandExecutionSettings {
  const enableSudo = keys.command_line_docker_enable_sudo === true;
  return {
    allowedCommands: keys.command_line_allowed_commands ?? [],
    blockedCommands: keys.command_line_blocked_commands ?? [],
    ...(keys.command_line_execution_mode == null ? {} : { mode: keys.command_line_execution_mode }),
    requireDocker: keys.require_docker === true,
    docker: {
      image: keys.command_line_docker_image ?? (enableSudo ? defaultSudoImage : defaultImage),
      networkMode: keys.command_line_docker_network_mode ?? 'none',
      ...(keys.command_line_docker_memory_limit == null ? {} : { memoryLimit: keys.command_line_docker_memory_limit }),
      ...(keys.command_line_docker_cpu_limit == null ? {} : { cpuLimit: keys.command_line_docker_cpu_limit }),
      enableSudo,
    },
  };
}
