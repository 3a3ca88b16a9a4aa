import type { ToolPackageSettings, ToolSource, ToolSourceContext } from '@massgen/core';
import type { McpServers } from './mcp-servers-settings.js';
import { createMcpToolSource } from './mcp-tool-source.js';

/** The tool package contract this package implements (see `ToolPackageModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

/** Checks `backend.mcp_servers` of each agent. */
export {
  mcpAgentSettingsSchema as agentSettingsSchema,
  type McpServerConfig,
  type McpServers,
} from './mcp-servers-settings.js';

/** A run needs this package when some agent declares at least one server. */
export function isActive(settings: ToolPackageSettings<McpServers>): boolean {
  return settings.agents.some((agent) => agent.settings.servers.length > 0);
}

/** Starts every agent's servers for one run; the runtime calls it by name. */
export function createToolSource(context: ToolSourceContext<McpServers>): Promise<ToolSource> {
  return createMcpToolSource(context);
}

export { createMcpToolSource } from './mcp-tool-source.js';

/** What `massgen --validate` and the run's preflight ask before anything starts. */
export { checkMcpSettings as checkSettings } from './check-mcp-config.js';
export { childEnvironment } from './child-environment.js';
export { packageBinFile } from './integration/package-bin-file.js';
export type { McpSecurityLevel, McpServerSecurity } from './security/normalize-mcp-security.js';
export { connectMcpServer, type ConnectOptions, type McpServerConnection } from './mcp-server-connection.js';
export { defaultMcpSettings, type McpSettings } from './mcp-settings.js';
export { createMcpTool, type McpToolOptions } from './mcp-tool.js';
