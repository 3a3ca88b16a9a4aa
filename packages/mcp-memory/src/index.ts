import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { McpIntegrationContext, McpIntegrationServer } from '@massgen/core';
import { packageBinFile } from '@massgen/mcp';

/** The MCP integration contract this package implements (see `McpIntegrationModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export const metadata = {
  name: 'memory',
  description:
    'A knowledge graph the agent keeps across tool calls (entities, relations, observations), with the reference memory server; stored in a JSON-lines file.',
  tools: [
    'create_entities',
    'create_relations',
    'add_observations',
    'delete_entities',
    'delete_observations',
    'delete_relations',
    'read_graph',
    'search_nodes',
    'open_nodes',
  ],
  serverPackage: '@modelcontextprotocol/server-memory',
} as const;

/** `options` of a `mcp_servers` entry with `integration: memory`. */
export const optionsSchema = z
  .object({
    file: z
      .string()
      .min(1, 'expected a file')
      .optional()
      .describe(
        "Where the graph is kept, relative to the configuration file; its directory must exist. Default: memory.jsonl in the agent's workspace.",
      ),
  })
  .strict();

export type MemoryOptions = z.output<typeof optionsSchema>;

function server(file: string | undefined): McpIntegrationServer {
  return {
    command: process.execPath,
    args: [packageBinFile(import.meta.url, metadata.serverPackage)],
    // Without a file the server keeps its graph inside its own installed package.
    ...(file === undefined ? {} : { env: { MEMORY_FILE_PATH: file } }),
  };
}

/** The server with its graph in `options.file`, else in the agent's workspace. */
export function createServer(options: MemoryOptions, context: McpIntegrationContext): McpIntegrationServer {
  if (options.file !== undefined) {
    const file = path.resolve(context.baseDir, options.file);
    if (!existsSync(path.dirname(file)))
      throw new Error(
        `the directory of options.file (${path.dirname(file)}) does not exist; the memory server cannot create it`,
      );
    return server(file);
  }
  const directory = context.workspace?.directory;
  if (directory === undefined)
    throw new Error(
      `the memory integration keeps its graph in agent ${context.agentId}'s workspace, and it has none; give the agent backend.cwd, or set options.file`,
    );
  return server(path.join(directory, 'memory.jsonl'));
}

/** Upstream's `npx -y @modelcontextprotocol/server-memory`: its `MEMORY_FILE_PATH`, if any, stays in the server's `env`. */
export function serverFromArguments(): McpIntegrationServer {
  return server(undefined);
}
