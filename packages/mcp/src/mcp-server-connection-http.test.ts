import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MassGenError } from '@massgen/core';
import type { McpServerConfig } from './mcp-servers-settings.js';
import { startHttpTestServer } from './http-test-server.js';
import type { HttpTestServer } from './http-test-server.js';
import { connectMcpServer } from './mcp-server-connection.js';
import { massGenFailure } from './mcp-test-support.js';
import type { ConnectOptions } from './mcp-server-connection.js';

const apiKey = 'capitals-key-0123456789';
let server: HttpTestServer;

beforeEach(async () => {
  server = await startHttpTestServer(apiKey);
});

afterEach(async () => {
  await server.close();
});

const options: ConnectOptions = {
  env: {},
  baseDir: '/',
  signal: new AbortController().signal,
  startTimeoutMs: 10_000,
  closeGraceMs: 2_000,
};

function httpServer(url: string, headers: Record<string, string>): McpServerConfig {
  return { name: 'capitals', type: 'streamable-http', url, headers };
}

function startFailure(config: McpServerConfig): Promise<MassGenError> {
  return massGenFailure(connectMcpServer(config, options));
}

describe('connectMcpServer over streamable HTTP', () => {
  it('sends the configured headers, lists the tools and calls one', async () => {
    const connection = await connectMcpServer(httpServer(server.url, { 'x-api-key': apiKey }), options);
    expect(connection.pid).toBeUndefined();
    expect(connection.tools.map((tool) => tool.name)).toEqual(['capital']);
    const result = await connection.callTool(
      'capital',
      { country: 'Kenya' },
      { signal: new AbortController().signal, timeoutMs: 10_000 },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'The capital of Kenya is Nairobi.' }]);
    expect(server.openSessions).toBe(1);
    await connection.close();
    expect(server.openSessions).toBe(0);
  });

  it('reports an HTTP error status without the credentials', async () => {
    const error = await startFailure(
      httpServer(`${server.url}?token=query-secret`, { 'x-api-key': 'wrong-key-value' }),
    );
    expect(error.message).toMatch(
      /^MCP server "capitals" failed to start: http:\/\/127\.0\.0\.1:\d+\/mcp answered HTTP 401: .*unauthorized/,
    );
    expect(error.message).not.toContain('wrong-key-value');
    expect(error.message).not.toContain('query-secret');
  });

  it('reports a server that cannot be reached', async () => {
    const url = server.url;
    await server.close();
    const error = await startFailure(httpServer(url, { 'x-api-key': apiKey }));
    expect(error.message).toBe(`MCP server "capitals" failed to start: could not connect to ${url} (ECONNREFUSED)`);
  });
});
