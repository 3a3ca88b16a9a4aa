import type { McpIntegrationServer } from '@massgen/core';
import { connectMcpServer } from '../mcp-server-connection.js';
import type { McpServerConnection } from '../mcp-server-connection.js';

/**
 * Connects to the stdio server an integration's `createServer` described, as server `name`, with
 * `baseDir` as the configuration's directory: the check that the pinned server starts and lists tools.
 */
export function connectStartedServer(
  name: string,
  started: McpIntegrationServer,
  baseDir: string,
): Promise<McpServerConnection> {
  return connectMcpServer(
    { name, type: 'stdio', command: started.command, args: started.args, env: started.env ?? {} },
    {
      env: { PATH: process.env['PATH'] },
      baseDir,
      signal: new AbortController().signal,
      startTimeoutMs: 30_000,
      closeGraceMs: 2_000,
    },
  );
}
