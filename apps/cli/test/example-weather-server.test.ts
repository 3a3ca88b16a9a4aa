import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The mcp-weather example's server, spoken to over stdio as an MCP client would: JSON-RPC 2.0,
 * one message per line. Only the paths that need no network are exercised here; the example's
 * end-to-end test shows MassGen's MCP client listing its tool.
 */
const serverFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../examples/mcp-weather/weather-server.mjs',
);

let child: ChildProcessWithoutNullStreams;
const pending = new Map<number, (message: Record<string, unknown>) => void>();
let nextId = 1;

function request(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const id = nextId++;
  child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })}\n`);
  return new Promise((resolve) => pending.set(id, resolve));
}

beforeAll(() => {
  child = spawn(process.execPath, [serverFile], { stdio: ['pipe', 'pipe', 'pipe'] });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    pending.get(message['id'] as number)?.(message);
  });
});

afterAll(async () => {
  const exited = new Promise((resolve) => child.on('close', resolve));
  child.stdin.end();
  await exited;
});

describe('the example weather MCP server', () => {
  it('initializes with the protocol version the client asks for and offers a tools capability', async () => {
    const reply = await request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'test', version: '1' },
    });
    expect(reply['result']).toMatchObject({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: { name: 'massgen-example-weather' },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  });

  it('lists get_forecast with an input schema that requires a city', async () => {
    const reply = await request('tools/list');
    const tools = (reply['result'] as { tools: Array<{ name: string; inputSchema: { required: string[] } }> }).tools;
    expect(tools.map((tool) => tool.name)).toEqual(['get_forecast']);
    expect(tools[0]?.inputSchema.required).toEqual(['city']);
  });

  it('reports a missing city as a tool error, not a protocol error', async () => {
    const reply = await request('tools/call', { name: 'get_forecast', arguments: { city: '  ' } });
    expect(reply['result']).toEqual({
      content: [{ type: 'text', text: 'Forecast failed: expected "city" as a non-empty string' }],
      isError: true,
    });
  });

  it('answers unknown tools and methods with JSON-RPC errors', async () => {
    expect((await request('tools/call', { name: 'get_tides', arguments: {} }))['error']).toEqual({
      code: -32602,
      message: 'unknown tool "get_tides"',
    });
    expect((await request('resources/list'))['error']).toEqual({
      code: -32601,
      message: 'method not found: resources/list',
    });
  });
});
