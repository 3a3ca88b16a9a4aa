#!/usr/bin/env node
// The notebook MCP server: serves the notes of one JSON notebook file over stdio, once the access
// code it is given opens that notebook. Plain JavaScript so that it runs as installed, unbuilt.
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const file = process.argv[2];
const accessCode = process.env.NOTEBOOK_ACCESS_CODE ?? '';
if (file === undefined) {
  console.error('usage: notebook-server NOTEBOOK.json (with NOTEBOOK_ACCESS_CODE set)');
  process.exit(2);
}
/** @type {{ access_code: string, notes: Record<string, string> }} */
const notebook = JSON.parse(readFileSync(file, 'utf8'));
if (notebook.access_code !== accessCode) {
  // Repeats the code it was given, as careless servers do: MassGen must redact it.
  console.error(`notebook: the access code ${accessCode} does not open ${file}`);
  process.exit(1);
}

const server = new Server({ name: 'notebook', version: '0.1.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: 'read_note',
      description: 'The text of the note with this title.',
      inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const title = String(request.params.arguments?.title ?? '');
  const text = notebook.notes[title];
  return text === undefined
    ? { content: [{ type: 'text', text: `No note titled "${title}".` }], isError: true }
    : { content: [{ type: 'text', text }] };
});
await server.connect(new StdioServerTransport());
