import { z } from 'zod';
import type { McpIntegrationServer } from '@massgen/core';
import { packageBinFile } from '@massgen/mcp';

/** The MCP integration contract this package implements (see `McpIntegrationModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export const metadata = {
  name: 'sequential-thinking',
  description:
    'A tool for thinking in numbered steps that can be revised and branched, with the reference sequential thinking server.',
  tools: ['sequentialthinking'],
  serverPackage: '@modelcontextprotocol/server-sequential-thinking',
} as const;

/** `options` of a `mcp_servers` entry with `integration: sequential-thinking`. */
export const optionsSchema = z
  .object({
    log_thoughts: z
      .boolean({ error: 'expected true or false' })
      .optional()
      .describe(
        "Whether the server prints each thought to its stderr (false by default: MassGen keeps a server's stderr only to explain a failure).",
      ),
  })
  .strict();

export type SequentialThinkingOptions = z.output<typeof optionsSchema>;

/** The server, with its thought log off unless `log_thoughts` is true. */
export function createServer(options: SequentialThinkingOptions): McpIntegrationServer {
  return {
    command: process.execPath,
    args: [packageBinFile(import.meta.url, metadata.serverPackage)],
    env: { DISABLE_THOUGHT_LOGGING: options.log_thoughts === true ? 'false' : 'true' },
  };
}

/** Upstream's `npx -y @modelcontextprotocol/server-sequential-thinking`, installed. */
export function serverFromArguments(): McpIntegrationServer {
  return { command: process.execPath, args: [packageBinFile(import.meta.url, metadata.serverPackage)] };
}
