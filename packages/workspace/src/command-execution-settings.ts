import { z } from 'zod';
import type { Warning } from '@massgen/core';
import { nonEmptyText } from '@massgen/config/internal';

/**
 * The command execution tool (`enable_mcp_command_line: true` upstream, `command_execution: true`
 * in the seed format), present only when it is on and can run: locally, in the agent's workspace.
 */
export interface CommandExecutionSettings {
  /** `command_line_allowed_commands`: regular expressions; when any are given, only matching commands run. */
  allowedCommands: string[];
  /** `command_line_blocked_commands`: regular expressions of commands that never run. */
  blockedCommands: string[];
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

export interface CommandExecutionKeys {
  enable_mcp_command_line?: boolean | null | undefined;
  command_execution?: boolean | null | undefined;
  command_line_execution_mode?: 'local' | 'docker' | null | undefined;
  command_line_allowed_commands?: string[] | null | undefined;
  command_line_blocked_commands?: string[] | null | undefined;
}

/** The key that switches command execution on for an agent, when one does. */
export function commandExecutionSwitch(keys: CommandExecutionKeys): keyof CommandExecutionKeys | undefined {
  if (keys.enable_mcp_command_line === true) return 'enable_mcp_command_line';
  if (keys.command_execution === true) return 'command_execution';
  return undefined;
}

/**
 * The command execution tool of one agent, when it is switched on and can run. It cannot run
 * without a workspace, and MassGen-TS runs commands only on this machine: a configuration that
 * asks for Docker gets no command tool rather than unsandboxed commands, with a warning saying so.
 */
export function commandExecutionOf(
  keys: CommandExecutionKeys,
  context: { hasWorkspace: boolean; keyPath: (key: string) => string; warn: (warning: Warning) => void },
): CommandExecutionSettings | undefined {
  const switchKey = commandExecutionSwitch(keys);
  if (switchKey === undefined) return undefined;
  if (keys.command_line_execution_mode === 'docker') {
    const path = context.keyPath('command_line_execution_mode');
    context.warn({
      code: 'command-execution-off',
      path,
      message: `MassGen-TS cannot run commands in Docker, so the command execution tool is off for this agent; set it to "local" to run commands on this machine, in the agent's workspace`,
    });
    return undefined;
  }
  if (!context.hasWorkspace) {
    const path = context.keyPath(switchKey);
    context.warn({
      code: 'command-execution-off',
      path,
      message: `commands run in the agent's workspace, and this agent has none, so the command execution tool is off; set backend.cwd to give it one`,
    });
    return undefined;
  }
  return {
    allowedCommands: keys.command_line_allowed_commands ?? [],
    blockedCommands: keys.command_line_blocked_commands ?? [],
  };
}
