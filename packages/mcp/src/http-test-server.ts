import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** For tests: a streamable-HTTP MCP server on 127.0.0.1, built with the SDK's server side. */
export interface HttpTestServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** Sessions opened and not yet ended by their client. */
  readonly openSessions: number;
  close(): Promise<void>;
}

const capitals: Record<string, string> = { France: 'Paris', Japan: 'Tokyo', Kenya: 'Nairobi' };

/**
 * Serves one tool, `capital` (the capital of a country), to clients that send the header
 * `x-api-key: <apiKey>`; any other request gets 401.
 */
export async function startHttpTestServer(apiKey: string): Promise<HttpTestServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();

  function createSession(): StreamableHTTPServerTransport {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, transport);
      },
      onsessionclosed: (sessionId) => {
        sessions.delete(sessionId);
      },
    });
    const server = new Server({ name: 'capitals', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [
        {
          name: 'capital',
          description: 'The capital city of a country.',
          inputSchema: { type: 'object', properties: { country: { type: 'string' } }, required: ['country'] },
        },
      ],
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) => {
      const argument = request.params.arguments?.['country'];
      const country = typeof argument === 'string' ? argument : '';
      const capital = capitals[country];
      return capital === undefined
        ? { content: [{ type: 'text', text: `No capital known for "${country}".` }], isError: true }
        : { content: [{ type: 'text', text: `The capital of ${country} is ${capital}.` }] };
    });
    void server.connect(transport);
    return transport;
  }

  const http = createServer((request, response) => {
    if (request.headers['x-api-key'] !== apiKey) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized');
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    const transport = typeof sessionId === 'string' ? sessions.get(sessionId) : createSession();
    if (transport === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('unknown session');
      return;
    }
    void transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get openSessions() {
      return sessions.size;
    },
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
