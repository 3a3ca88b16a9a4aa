import path from 'node:path';
import { z } from 'zod';
import type { McpIntegrationContext, McpIntegrationServer } from '@massgen/core';
import { packageBinFile } from '@massgen/mcp';

/** The MCP integration contract this package implements (see `McpIntegrationModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export const metadata = {
  name: 'notebook',
  description: 'Read the notes of a JSON notebook that an access code opens.',
  tools: ['read_note'],
  serverPackage: 'massgen-mcp-notebook',
  // Not named like a credential, so only this declaration makes MassGen redact it.
  secretOptions: ['access_code'],
} as const;

/** `options` of a `mcp_servers` entry with `integration: notebook`. */
export const optionsSchema = z
  .object({
    file: z.string().min(1).describe('The notebook, a JSON file, relative to the configuration file.'),
    access_code: z.string().min(1).describe('The code that opens the notebook (a secret).'),
  })
  .strict();

export type NotebookOptions = z.output<typeof optionsSchema>;

/** The server this package ships, given its secret in the environment rather than on its command line. */
function server(file: string, accessCode: string | undefined): McpIntegrationServer {
  return {
    command: process.execPath,
    args: [packageBinFile(import.meta.url, metadata.serverPackage), file],
    ...(accessCode === undefined ? {} : { env: { NOTEBOOK_ACCESS_CODE: accessCode } }),
  };
}

export function createServer(options: NotebookOptions, context: McpIntegrationContext): McpIntegrationServer {
  return server(path.resolve(context.baseDir, options.file), options.access_code);
}

/** `npx -y massgen-mcp-notebook FILE`: the file, with the code from the server's `env`. */
export function serverFromArguments(args: readonly string[]): McpIntegrationServer {
  const [file = ''] = args;
  return server(file, undefined);
}
