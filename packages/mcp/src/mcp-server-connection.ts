import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, Tool as McpToolDescription } from '@modelcontextprotocol/sdk/types.js';
import { MassGenError, redactText } from '@massgen/core';
import { secretsIn } from '@massgen/config';
import { isDirectory } from '@massgen/process-containment';
import type { SandboxPolicy } from '@massgen/process-containment';
import type { McpServerConfig } from './mcp-servers-settings.js';
import { childEnvironment } from './child-environment.js';
import { describeStartFailure } from './describe-start-failure.js';
import { StdioProcessTransport } from './stdio-process-transport.js';

export interface ConnectOptions {
  /** MassGen's environment (`MassGenConfig.env`): a stdio server gets only its safe base from it. */
  env: Readonly<Record<string, string | undefined>>;
  /** Directory a relative server `cwd` is resolved against (the configuration file's). */
  baseDir: string;
  /** Cancels the start. */
  signal: AbortSignal;
  startTimeoutMs: number;
  closeGraceMs: number;
  /** Called once when the server stops on its own (a crash), not when the connection is closed. */
  onStopped?: (reason: string) => void;
  /** Starts a stdio server in the OS sandbox this policy describes. */
  sandbox?: SandboxPolicy;
  /** Secrets the server was given in its arguments or options (an integration's), redacted as its env and headers are. */
  secrets?: readonly string[];
}

/** A started MCP server, its tools listed, ready for calls. */
export interface McpServerConnection {
  readonly name: string;
  readonly tools: readonly McpToolDescription[];
  /** The server process, for a stdio server. */
  readonly pid: number | undefined;
  /** Why the server stopped, once it has stopped on its own. */
  readonly failure: string | undefined;
  callTool(
    name: string,
    input: Record<string, unknown>,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<CallToolResult>;
  /** Ends the session and, for a stdio server, the process. Safe to call more than once. */
  close(): Promise<void>;
}

const clientInfo = { name: 'massgen', version: '0.1.0' };
/** A server that keeps handing out cursors is broken; stop paging after this many pages. */
const maximumToolPages = 100;

/**
 * Starts a server (stdio) or opens a session (streamable HTTP), completes the MCP handshake
 * and lists the server's tools, all within `startTimeoutMs`. A failure rejects with a
 * `MassGenError` naming the server and the reason, and leaves no process behind.
 */
export async function connectMcpServer(server: McpServerConfig, options: ConnectOptions): Promise<McpServerConnection> {
  if (options.signal.aborted)
    throw new MassGenError({ code: 'ABORTED', message: `The start of MCP server "${server.name}" was cancelled.` });
  const secrets = [
    ...secretsIn(server.type === 'stdio' ? { env: server.env } : { headers: server.headers }),
    ...(options.secrets ?? []),
  ];
  const workingDirectory =
    server.type === 'stdio' && server.cwd !== undefined ? path.resolve(options.baseDir, server.cwd) : undefined;
  // A missing working directory would otherwise surface as a misleading "spawn <command> ENOENT".
  if (workingDirectory !== undefined && !isDirectory(workingDirectory)) {
    const reason = `its cwd ${workingDirectory} is not a directory`;
    throw new MassGenError({
      code: 'TOOL_FAILED',
      message: `MCP server "${server.name}" failed to start: ${reason}`,
      details: { server: server.name, reason },
    });
  }
  const transport = createTransport(server, options, workingDirectory);
  const client = new Client(clientInfo, { capabilities: {} });
  let ready = false;
  let closing = false;
  let failure: string | undefined;
  // Set before the start, so that a server dying at any moment after it is reported.
  client.onclose = () => {
    if (!ready || closing) return;
    const reason = transport instanceof StdioProcessTransport ? transport.describeExit() : 'the session was closed';
    failure = redactText(reason, secrets);
    options.onStopped?.(failure);
  };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.startTimeoutMs);
  const signal = AbortSignal.any([options.signal, deadline.signal]);
  let tools: McpToolDescription[];
  try {
    await client.connect(transport, { signal, timeout: options.startTimeoutMs });
    tools = await listAllTools(client, signal);
  } catch (error) {
    await transport.close();
    if (options.signal.aborted)
      throw new MassGenError({
        code: 'ABORTED',
        message: `The start of MCP server "${server.name}" was cancelled.`,
        cause: error,
      });
    const reason = redactText(
      describeStartFailure(error, {
        server,
        transport,
        timedOut: deadline.signal.aborted,
        startTimeoutMs: options.startTimeoutMs,
      }),
      secrets,
    );
    throw new MassGenError({
      code: deadline.signal.aborted ? 'TIMEOUT' : 'TOOL_FAILED',
      message: `MCP server "${server.name}" failed to start: ${reason}`,
      details: { server: server.name, reason },
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
  ready = true;
  return {
    name: server.name,
    tools,
    pid: transport instanceof StdioProcessTransport ? transport.pid : undefined,
    get failure() {
      return failure;
    },
    async callTool(name, input, callOptions) {
      if (failure !== undefined) {
        throw new MassGenError({
          code: 'TOOL_FAILED',
          message: `MCP server "${server.name}" is not running: it ${failure}`,
          details: { server: server.name },
        });
      }
      const result = await client.callTool({ name, arguments: input }, CallToolResultSchema, {
        signal: callOptions.signal,
        timeout: callOptions.timeoutMs,
      });
      return result as CallToolResult;
    },
    async close() {
      closing = true;
      if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
        // Ends the server-side session; a server that is already gone must not hold up the close.
        await Promise.race([transport.terminateSession().catch(() => undefined), delay(options.closeGraceMs)]);
      }
      await client.close();
      // The client lets go of a transport whose server already died; the process still needs reaping.
      if (transport instanceof StdioProcessTransport) await transport.close();
    },
  };
}

function createTransport(
  server: McpServerConfig,
  options: ConnectOptions,
  workingDirectory: string | undefined,
): StdioProcessTransport | StreamableHTTPClientTransport {
  if (server.type === 'streamable-http') {
    return new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.headers } });
  }
  return new StdioProcessTransport({
    command: server.command,
    args: server.args,
    env: childEnvironment(server.env, options.env),
    ...(workingDirectory === undefined ? {} : { cwd: workingDirectory }),
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    closeGraceMs: options.closeGraceMs,
  });
}

async function listAllTools(client: Client, signal: AbortSignal): Promise<McpToolDescription[]> {
  // A server may offer only resources or prompts; asking it for tools would be an error.
  if (client.getServerCapabilities()?.tools === undefined) return [];
  const tools: McpToolDescription[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maximumToolPages; page += 1) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, { signal });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
