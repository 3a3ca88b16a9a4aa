import pg from 'pg';
import type { PostgresConnection } from './postgres-connection.js';

/** Long enough for a database across the world; short enough to be within a server's start timeout. */
const connectTimeoutMs = 10_000;

/**
 * Logs in once as the server will, so that a wrong password or an unreachable database is said
 * when the server starts, naming the database and the reason, rather than at the agent's first query.
 */
export async function checkConnection(connection: PostgresConnection): Promise<void> {
  const url = new URL(connection.url);
  if (connection.password !== undefined) url.password = encodeURIComponent(connection.password);
  const client = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: connectTimeoutMs });
  // A failed login also emits 'error' on the client; the rejection below is where it is handled.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${connection.description} refused the connection: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => {});
  }
}
