import { collectParts, providerToolParts, providerToolUsesOf, textOf } from '@massgen/testing';
import { useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createOpenAIBackend } from './openai-backend.js';
import { openAITestServer } from './openai-test-server.js';

/** OpenAI's own web search and code interpreter through the official SDK against the fake Responses API. */
const { server, settings } = useBackendServer({ ...openAITestServer, model: 'gpt-5-nano' });

const question = {
  messages: [{ role: 'user' as const, content: 'How tall is the Eiffel Tower, squared?' }],
  tools: [{ name: 'vote', description: 'Vote', inputSchema: { type: 'object', properties: {} } }],
};

describe('OpenAI web_search and code_interpreter', () => {
  it('offers the tools beside the function tools, asks for their details, and shows what they did', async () => {
    server.enqueue({
      type: 'text',
      text: 'It is 330 m tall; squared, 108900.',
      serverTools: [
        {
          type: 'web_search',
          query: 'Eiffel Tower height',
          sources: [{ url: 'https://www.toureiffel.paris/en', title: 'Official site' }],
        },
        { type: 'code', code: 'print(330 ** 2)', output: '108900\n' },
      ],
    });
    const backend = createOpenAIBackend(settings({ enable_web_search: true, enable_code_interpreter: true }));
    const parts = await collectParts(backend.stream(question));

    const body = server.requests[0]?.body ?? {};
    expect(body['tools']).toEqual([
      expect.objectContaining({ type: 'function', name: 'vote' }),
      { type: 'web_search' },
      { type: 'code_interpreter', container: { type: 'auto' } },
    ]);
    expect(body['include']).toEqual(
      expect.arrayContaining(['web_search_call.action.sources', 'code_interpreter_call.outputs']),
    );
    expect(providerToolParts(parts)).toEqual([
      {
        type: 'provider-tool',
        id: 'ws_fake_0_1',
        name: 'web_search',
        input: '{"query":"Eiffel Tower height"}',
        output: 'https://www.toureiffel.paris/en',
        isError: false,
      },
      {
        type: 'provider-tool',
        id: 'ci_fake_0_2',
        name: 'code_interpreter',
        input: 'print(330 ** 2)',
        output: '108900\n',
        isError: false,
      },
    ]);
    expect(textOf(parts, 'text-delta')).toBe(
      'It is 330 m tall; squared, 108900.\n\nSources:\n- Official site: https://www.toureiffel.paris/en',
    );
    // Each web search call is billed apart from tokens, and so is each container the code interpreter creates.
    expect(providerToolUsesOf(parts)).toEqual([{ web_search: 1, code_interpreter_containers: 1 }]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'completed' });
  });

  it('counts a code interpreter container once for the agent, however many of its calls use it', async () => {
    const run = { type: 'text' as const, text: 'Done.', serverTools: [{ type: 'code' as const, code: 'print(1)' }] };
    server.enqueue(run, run, run);
    const backend = createOpenAIBackend(settings({ enable_code_interpreter: true }));
    expect(providerToolUsesOf(await collectParts(backend.stream(question)))).toEqual([
      { code_interpreter_containers: 1 },
    ]);
    // The next call runs in the same container (the fake's is always cntr_fake): nothing more to pay.
    expect(providerToolUsesOf(await collectParts(backend.stream(question)))).toEqual([undefined]);
    // Another agent's backend has containers of its own.
    const other = createOpenAIBackend(settings({ enable_code_interpreter: true }));
    expect(providerToolUsesOf(await collectParts(other.stream(question)))).toEqual([
      { code_interpreter_containers: 1 },
    ]);
  });

  it('reports a failed search as a failed tool, and sends no provider tools unless turned on', async () => {
    server.enqueue(
      { type: 'text', text: 'I could not search.', serverTools: [{ type: 'web_search', query: 'x', failed: true }] },
      { type: 'text', text: 'Plain.' },
    );
    const parts = await collectParts(createOpenAIBackend(settings({ enable_web_search: true })).stream(question));
    expect(providerToolParts(parts)).toEqual([
      expect.objectContaining({ name: 'web_search', isError: true, output: 'the search failed' }),
    ]);
    expect(providerToolUsesOf(parts)).toEqual([undefined]);
    await collectParts(createOpenAIBackend(settings({})).stream(question));
    expect(server.requests[1]?.body['tools']).toEqual([expect.objectContaining({ type: 'function', name: 'vote' })]);
  });

  it('warns once that Chat Completions has no provider tools when the agent uses it', async () => {
    server.enqueue({ type: 'text', text: 'One.' }, { type: 'text', text: 'Two.' });
    const backend = createOpenAIBackend(
      settings({ api: 'chat', enable_web_search: true, enable_code_interpreter: true }),
    );
    const first = await collectParts(backend.stream(question));
    const second = await collectParts(backend.stream(question));
    const warnings = [...first, ...second].flatMap((part) => (part.type === 'warning' ? [part.warning] : []));
    expect(warnings).toEqual([
      expect.objectContaining({
        path: 'backend.enable_web_search',
        message: expect.stringMatching(
          /enable_web_search and backend\.enable_code_interpreter were left out: .*Responses API/,
        ),
      }),
    ]);
    expect(server.requests.every((request) => request.api === 'chat-completions')).toBe(true);
  });

  it('rejects a value that is not true or false, naming the key', () => {
    expect(() => createOpenAIBackend(settings({ enable_web_search: 'yes' }))).toThrow(
      /backend\.enable_web_search: expected true or false/,
    );
  });
});
