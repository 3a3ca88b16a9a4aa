import type { CommandExecutionSettings } from './config-model.js';
import type { ParsedBackend } from './backend-schema.js';
import type { PathWarning } from './findings.js';
import type { KeySegment } from './key-path.js';

/**
 * The command execution tool of one backend, when it is switched on (`enable_mcp_command_line`
 * or `command_execution`) and can run. It cannot run without a workspace, and MassGen-TS runs
 * commands only on this machine: a configuration that asks for Docker gets no command tool
 * rather than unsandboxed commands, with a warning saying so.
 */
export function normalizeCommandExecution(
  backend: ParsedBackend,
  context: { hasWorkspace: boolean; segments: KeySegment[]; warnings: PathWarning[] },
): CommandExecutionSettings | undefined {
  const switchKey =
    backend.enable_mcp_command_line === true
      ? 'enable_mcp_command_line'
      : backend.command_execution === true
        ? 'command_execution'
        : undefined;
  if (switchKey === undefined) return undefined;
  if (backend.command_line_execution_mode === 'docker') {
    const segments = [...context.segments, 'command_line_execution_mode'];
    context.warnings.push({
      code: 'command-execution-off',
      segments,
      message: `MassGen-TS cannot run commands in Docker, so the command execution tool is off for this agent; set it to "local" to run commands on this machine, in the agent's workspace`,
    });
    return undefined;
  }
  if (!context.hasWorkspace) {
    const segments = [...context.segments, switchKey];
    context.warnings.push({
      code: 'command-execution-off',
      segments,
      message: `commands run in the agent's workspace, and this agent has none, so the command execution tool is off; set backend.cwd to give it one`,
    });
    return undefined;
  }
  return {
    allowedCommands: backend.command_line_allowed_commands ?? [],
    blockedCommands: backend.command_line_blocked_commands ?? [],
  };
}
