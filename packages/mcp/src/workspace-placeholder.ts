import type { Warning } from '@massgen/core';
import type { McpServerConfig } from './mcp-servers-settings.js';

/** Upstream's `${cwd}`: the agent's workspace, which the configuration loader leaves as written. */
const placeholder = '${cwd}';

/**
 * Warns about `${cwd}` in a server's settings. The agent's workspace is laid out by
 * `@massgen/workspace` as the run starts, so this package cannot know its path yet; the value
 * reaches the server as written, and the user is told so instead of finding out from the server.
 */
export function workspacePlaceholderWarnings(server: McpServerConfig, agentId: string): Warning[] {
  const values =
    server.type === 'stdio'
      ? [server.command, ...server.args, ...Object.values(server.env), server.cwd ?? '']
      : [server.url, ...Object.values(server.headers)];
  if (!values.some((value) => value.includes(placeholder))) return [];
  return [
    {
      code: 'mcp-workspace-placeholder',
      message: `MCP server "${server.name}" of agent ${agentId} uses ${placeholder} (the agent's workspace), which MassGen does not replace for MCP servers yet; the server receives it as written`,
      agentId,
    },
  ];
}
