import type { CommandExecutionSettings, DockerCommandSettings } from './config-model.js';
import { dropUndefined } from './drop-undefined.js';
import type { ParsedBackend } from './backend-schema.js';
import type { PathWarning } from './findings.js';
import type { KeySegment } from './key-path.js';

/** Upstream MassGen's command image, and the one its `enable_sudo` switches to. */
const defaultImage = 'ghcr.io/massgen/mcp-runtime:latest';
const defaultSudoImage = 'ghcr.io/massgen/mcp-runtime-sudo:latest';

/**
 * The command execution tool of one backend, when it is switched on (`enable_mcp_command_line`
 * or `command_execution`) and can run: it needs a workspace. Where commands run (OS sandbox,
 * Docker, unconfined) is decided when the run starts, on what this machine has.
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
  if (!context.hasWorkspace) {
    const segments = [...context.segments, switchKey];
    context.warnings.push({
      code: 'command-execution-off',
      segments,
      message: `commands run in the agent's workspace, and this agent has none, so the command execution tool is off; set backend.cwd to give it one`,
    });
    return undefined;
  }
  return dropUndefined({
    allowedCommands: backend.command_line_allowed_commands ?? [],
    blockedCommands: backend.command_line_blocked_commands ?? [],
    mode: backend.command_line_execution_mode ?? undefined,
    requireDocker: backend.require_docker === true,
    docker: dockerSettings(backend),
  });
}

function dockerSettings(backend: ParsedBackend): DockerCommandSettings {
  const enableSudo = backend.command_line_docker_enable_sudo === true;
  return dropUndefined({
    image: backend.command_line_docker_image ?? (enableSudo ? defaultSudoImage : defaultImage),
    networkMode: backend.command_line_docker_network_mode ?? 'none',
    memoryLimit: backend.command_line_docker_memory_limit ?? undefined,
    cpuLimit: backend.command_line_docker_cpu_limit ?? undefined,
    enableSudo,
  });
}
