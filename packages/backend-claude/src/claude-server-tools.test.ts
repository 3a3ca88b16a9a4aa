import { collectParts, providerToolParts, providerToolUsesOf, textOf } from '@massgen/testing';
import { useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createClaudeBackend } from './claude-backend.js';
import { claudeTestServer } from './claude-test-server.js';

/** Anthropic's web_search and code_execution server tools through the official SDK against the fake Messages API. */
const { server, settings } = useBackendServer(claudeTestServer);

const question = {
  messages: [{ role: 'user' as const, content: 'How tall is the Eiffel Tower, doubled?' }],
  tools: [{ name: 'vote', description: 'Vote', inputSchema: { type: 'object', properties: {} } }],
};

describe('Claude web_search and code_execution server tools', () => {
  it('offers the server tools with the beta code execution needs, and shows the searches, the code and its output', async () => {
    server.enqueue({
      type: 'text',
      text: 'It is 330 m tall; doubled, 660 m.',
      serverTools: [
        {
          type: 'web_search',
          query: 'Eiffel Tower height',
          results: [{ url: 'https://www.toureiffel.paris/en', title: 'Official site' }],
        },
        { type: 'code_execution', code: 'print(330 * 2)', stdout: '660\n' },
      ],
    });
    const parts = await collectParts(
      createClaudeBackend(settings({ enable_web_search: true, enable_code_execution: true })).stream(question),
    );
    const request = server.requests[0];
    expect(request?.body['tools']).toEqual([
      expect.objectContaining({ name: 'vote' }),
      { type: 'web_search_20250305', name: 'web_search' },
      { type: 'code_execution_20250522', name: 'code_execution' },
    ]);
    expect(request?.headers['anthropic-beta']).toBe('code-execution-2025-05-22');
    expect(providerToolParts(parts)).toEqual([
      {
        type: 'provider-tool',
        id: 'srvtoolu_fake_0_0',
        name: 'web_search',
        input: '{"query":"Eiffel Tower height"}',
        output: 'Official site: https://www.toureiffel.paris/en',
        isError: false,
      },
      {
        type: 'provider-tool',
        id: 'srvtoolu_fake_0_1',
        name: 'code_execution',
        input: 'print(330 * 2)',
        output: '660\n',
        isError: false,
      },
    ]);
    expect(parts.some((part) => part.type === 'tool-call')).toBe(false);
    expect(textOf(parts, 'text-delta')).toBe(
      'It is 330 m tall; doubled, 660 m.\n\nSources:\n- Official site: https://www.toureiffel.paris/en',
    );
    // Anthropic bills each search apart from tokens, and counts them in the usage.
    expect(providerToolUsesOf(parts)).toEqual([{ web_search: 1 }]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'end_turn' });
  });

  it('returns a search past max_uses and failing code as failed tools, and keeps a client tool call working beside them', async () => {
    server.enqueue({
      type: 'tool-use',
      calls: [{ name: 'vote', input: {} }],
      serverTools: [
        { type: 'web_search', query: 'again', errorCode: 'max_uses_exceeded' },
        { type: 'code_execution', code: 'raise SystemExit(3)', stderr: 'SystemExit: 3', returnCode: 3 },
      ],
    });
    const parts = await collectParts(
      createClaudeBackend(settings({ enable_web_search: true, enable_code_execution: true })).stream(question),
    );
    expect(providerToolParts(parts)).toEqual([
      expect.objectContaining({ name: 'web_search', output: 'the search failed: max_uses_exceeded', isError: true }),
      expect.objectContaining({ name: 'code_execution', output: 'SystemExit: 3', isError: true }),
    ]);
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      expect.objectContaining({ name: 'vote', input: '{}' }),
    ]);
  });

  it('sends no server tools and no beta unless turned on', async () => {
    server.enqueue({ type: 'text', text: 'Plain.' });
    await collectParts(createClaudeBackend(settings({})).stream(question));
    expect(server.requests[0]?.body['tools']).toEqual([expect.objectContaining({ name: 'vote' })]);
    expect(server.requests[0]?.headers['anthropic-beta']).toBeUndefined();
  });
});
