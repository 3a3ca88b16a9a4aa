import type { McpIntegrationServer } from '@massgen/core';
import { packageBinFile } from '@massgen/mcp';
import { checkConnection as logIn } from './check-connection.js';
import { connectionFromUrl, connectionOf } from './postgres-connection.js';
import type { PostgresConnection, PostgresOptions } from './postgres-connection.js';

export { optionsSchema, type PostgresOptions } from './postgres-connection.js';

/** The MCP integration contract this package implements (see `McpIntegrationModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export const metadata = {
  name: 'postgres',
  description: 'Read-only SQL on a PostgreSQL database, and its tables’ schemas, with the reference PostgreSQL server.',
  tools: ['query'],
  serverPackage: '@modelcontextprotocol/server-postgres',
  secretOptions: ['url', 'password'],
} as const;

/**
 * The pinned server over the connection. Its password goes in `PGPASSWORD`, never on the command
 * line, where every process on the machine could read it; each transaction is read-only by
 * default (the server's own `BEGIN TRANSACTION READ ONLY` can be ended by a statement it runs).
 */
function server(connection: PostgresConnection): McpIntegrationServer {
  return {
    command: process.execPath,
    args: [packageBinFile(import.meta.url, metadata.serverPackage), connection.url],
    env: {
      PGOPTIONS: '-c default_transaction_read_only=on',
      ...(connection.password === undefined ? {} : { PGPASSWORD: connection.password }),
    },
  };
}

export function createServer(options: PostgresOptions): McpIntegrationServer {
  return server(connectionOf(options));
}

/** Upstream's `npx -y @modelcontextprotocol/server-postgres postgresql://...`: the URL, its password moved to the environment. */
export function serverFromArguments(args: readonly string[]): McpIntegrationServer {
  const [url = ''] = args;
  return server(connectionFromUrl(url));
}

/** Logs in once before the server starts, so that a wrong password is said then, naming the database. */
export function checkConnection(options: PostgresOptions): Promise<void> {
  return logIn(connectionOf(options));
}
