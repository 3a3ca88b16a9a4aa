import path from 'node:path';
import { z } from 'zod';
import type { McpIntegrationContext, McpIntegrationServer } from '@massgen/core';
import { packageBinFile } from '@massgen/mcp';

/** The MCP integration contract this package implements (see `McpIntegrationModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export const metadata = {
  name: 'filesystem',
  description:
    "Read, write, search and list files with the reference filesystem server, confined to the agent's workspace and context paths (or the paths in options).",
  tools: [
    'read_file',
    'read_text_file',
    'read_media_file',
    'read_multiple_files',
    'write_file',
    'edit_file',
    'create_directory',
    'list_directory',
    'list_directory_with_sizes',
    'directory_tree',
    'move_file',
    'search_files',
    'get_file_info',
    'list_allowed_directories',
  ],
  serverPackage: '@modelcontextprotocol/server-filesystem',
} as const;

/** `options` of a `mcp_servers` entry with `integration: filesystem`. */
export const optionsSchema = z
  .object({
    paths: z
      .array(z.string().min(1, 'expected a directory'), { error: 'expected a list of directories' })
      .min(1, 'expected at least one directory')
      .optional()
      .describe(
        "Directories the server may use, relative to the configuration file. Default: the agent's workspace and its context paths.",
      ),
  })
  .strict();

export type FilesystemOptions = z.output<typeof optionsSchema>;

function server(args: readonly string[]): McpIntegrationServer {
  return { command: process.execPath, args: [packageBinFile(import.meta.url, metadata.serverPackage), ...args] };
}

/**
 * The server over `options.paths`, or else over the agent's workspace (writable) and its context
 * paths, which stay read-only: the server cannot be trusted to honour that, so they are listed
 * as read-only paths and the server starts in the OS sandbox.
 */
export function createServer(options: FilesystemOptions, context: McpIntegrationContext): McpIntegrationServer {
  if (options.paths !== undefined) return server(options.paths.map((entry) => path.resolve(context.baseDir, entry)));
  const workspace = context.workspace;
  const directory = workspace?.directory;
  const readable = (workspace?.roots() ?? [])
    .filter((root) => root.access !== 'none' && root.path !== directory)
    .map((root) => root.path);
  const paths = [...(directory === undefined ? [] : [directory]), ...readable];
  if (paths.length === 0)
    throw new Error(
      `the filesystem integration serves agent ${context.agentId}'s workspace and context paths, and it has neither; give the agent backend.cwd or context_paths, or list directories in options.paths`,
    );
  return { ...server(paths), ...(readable.length === 0 ? {} : { readOnlyPaths: readable }) };
}

/** Upstream's `npx -y @modelcontextprotocol/server-filesystem DIRECTORY...`: the same directories. */
export function serverFromArguments(args: readonly string[]): McpIntegrationServer {
  return server(args);
}
