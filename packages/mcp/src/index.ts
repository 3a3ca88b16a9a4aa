import type { RunExtension, RunExtensionContext } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { createMcpRunExtension } from './mcp-run-extension.js';

export const specificationVersion = 'v1' as const;

/** The runtime's entry point: it calls this when an agent's backend declares `mcp_servers`. */
export function createRunExtension(context: RunExtensionContext<MassGenConfig>): Promise<RunExtension> {
  return createMcpRunExtension(context);
}

/** What `massgen --validate` and the run's preflight ask before anything starts. */
export { checkMcpConfig as checkConfig } from './check-mcp-config.js';
export { childEnvironment } from './child-environment.js';
export { createMcpRunExtension } from './mcp-run-extension.js';
export { connectMcpServer } from './mcp-server-connection.js';
export type { ConnectOptions, McpServerConnection } from './mcp-server-connection.js';
export { defaultMcpSettings } from './mcp-settings.js';
export type { McpSettings } from './mcp-settings.js';
export { createMcpTool } from './mcp-tool.js';
export type { McpToolOptions } from './mcp-tool.js';
export { capResult, defaultMaxResultCharacters } from './result-cap.js';
export { filterTools } from './tool-filter.js';
export type { FilteredTools, ToolFilter } from './tool-filter.js';
export { claimUniqueName, mcpToolName } from './tool-name.js';
export { toolResultText } from './tool-result-text.js';
