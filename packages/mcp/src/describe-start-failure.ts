import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpServerConfig } from './mcp-servers-settings.js';
import { StdioProcessTransport } from './stdio-process-transport.js';

export interface StartFailureContext {
  server: McpServerConfig;
  transport: unknown;
  /** The start timeout fired. */
  timedOut: boolean;
  startTimeoutMs: number;
}

/**
 * Why a server did not start, in words a user can act on: a command that is not installed, a
 * process that exited (with the end of its stderr), a URL that refused the connection or
 * answered with an HTTP error, or a server that never answered.
 */
export function describeStartFailure(error: unknown, context: StartFailureContext): string {
  const { server, transport } = context;
  const message = error instanceof Error ? error.message : String(error);
  if (transport instanceof StdioProcessTransport) {
    const output = transport.stderr === '' ? '' : `; its last output: ${transport.stderr}`;
    if (context.timedOut)
      return `it did not complete the MCP handshake within ${seconds(context.startTimeoutMs)}${output}`;
    const code = errorCode(error);
    if (server.type === 'stdio' && code === 'ENOENT')
      return `command "${server.command}" was not found; check that it is installed and on PATH`;
    if (server.type === 'stdio' && code === 'EACCES') return `command "${server.command}" is not executable`;
    if (transport.exit !== undefined) return `the process ${transport.describeExit(' before it was ready')}`;
    return `${message}${output}`;
  }
  const where = server.type === 'streamable-http' ? displayUrl(server.url) : 'the server';
  if (context.timedOut) return `${where} did not complete the MCP handshake within ${seconds(context.startTimeoutMs)}`;
  if (error instanceof StreamableHTTPError && error.code !== undefined && error.code > 0) {
    return `${where} answered HTTP ${error.code}: ${message.replace(/^Streamable HTTP error: /, '')}`;
  }
  const cause = errorCode(error instanceof Error ? error.cause : undefined);
  return cause === undefined ? `${where}: ${message}` : `could not connect to ${where} (${cause})`;
}

/** A URL without credentials or query, which may carry tokens. */
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'the server URL';
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function seconds(ms: number): string {
  const value = ms / 1000;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
}
