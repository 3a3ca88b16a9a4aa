import { collectParts, providerToolParts, providerToolUsesOf, textOf } from '@massgen/testing';
import { useBackendServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { createGeminiBackend } from './gemini-backend.js';
import { geminiTestServer } from './gemini-test-server.js';

/** Google Search grounding and code execution through the official SDK against the fake Gemini API. */
const { server, settings: settingsOf } = useBackendServer(geminiTestServer);
const settings = (model: string, options: Record<string, unknown>) => settingsOf(options, { model });

const vote = { name: 'vote', description: 'Vote', inputSchema: { type: 'object', properties: {} } };
const question = { messages: [{ role: 'user' as const, content: 'How tall is the Eiffel Tower, doubled?' }] };
const both = { enable_web_search: true, enable_code_execution: true };

describe('Gemini Google Search grounding and code execution', () => {
  it('offers google_search and code_execution beside the functions on Gemini 3, and shows the searches, the code and its output', async () => {
    server.enqueue({
      type: 'text',
      text: 'It is 330 m tall; doubled, 660 m.',
      builtInTools: [
        {
          type: 'google_search',
          queries: ['Eiffel Tower height'],
          sources: [
            { url: 'https://www.toureiffel.paris/en', title: 'toureiffel.paris' },
            { url: 'https://en.wikipedia.org/wiki/Eiffel_Tower', title: 'wikipedia.org' },
          ],
        },
        { type: 'code_execution', code: 'print(330 * 2)', output: '660\n' },
      ],
    });
    const parts = await collectParts(
      createGeminiBackend(settings('gemini-3-flash-preview', both)).stream({ ...question, tools: [vote] }),
    );
    const request = server.requests[0];
    expect(request?.body['tools']).toEqual([
      { functionDeclarations: [expect.objectContaining({ name: 'vote' })] },
      { googleSearch: {} },
      { codeExecution: {} },
    ]);
    expect(request?.toolConfig).toEqual({ includeServerSideToolInvocations: true });
    expect(providerToolParts(parts)).toEqual([
      {
        type: 'provider-tool',
        id: 'code_execution_1',
        name: 'code_execution',
        input: 'print(330 * 2)',
        output: '660\n',
        isError: false,
      },
      {
        type: 'provider-tool',
        id: 'google_search',
        name: 'google_search',
        input: '{"queries":["Eiffel Tower height"]}',
        output:
          'toureiffel.paris: https://www.toureiffel.paris/en\nwikipedia.org: https://en.wikipedia.org/wiki/Eiffel_Tower',
        isError: false,
      },
    ]);
    expect(textOf(parts, 'text-delta')).toBe(
      'It is 330 m tall; doubled, 660 m.\n\nSources:\n' +
        '- toureiffel.paris: https://www.toureiffel.paris/en\n- wikipedia.org: https://en.wikipedia.org/wiki/Eiffel_Tower',
    );
    // The prompt the search results added is billed as input, the searches apart.
    const usage = parts.find((part) => part.type === 'usage');
    expect(usage?.type === 'usage' && (usage.usage.inputTokens ?? 0) > 0).toBe(true);
    expect(providerToolUsesOf(parts)).toEqual([{ google_search_queries: 1, grounded_prompts: 1 }]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'STOP' });
  });

  it('returns failing code and code past its time limit as failed tools, and keeps a function call working beside them', async () => {
    server.enqueue({
      type: 'function-calls',
      calls: [{ name: 'vote', args: {} }],
      builtInTools: [
        {
          type: 'code_execution',
          code: '1/0',
          output: 'ZeroDivisionError: division by zero',
          outcome: 'OUTCOME_FAILED',
        },
        { type: 'code_execution', code: 'while True: pass', outcome: 'OUTCOME_DEADLINE_EXCEEDED' },
      ],
    });
    const parts = await collectParts(
      createGeminiBackend(settings('gemini-3-pro-preview', both)).stream({ ...question, tools: [vote] }),
    );
    expect(providerToolParts(parts)).toEqual([
      expect.objectContaining({ input: '1/0', output: 'ZeroDivisionError: division by zero', isError: true }),
      expect.objectContaining({
        input: 'while True: pass',
        output: 'the code ran past its time limit and was stopped',
        isError: true,
      }),
    ]);
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      expect.objectContaining({ name: 'vote', input: '{}' }),
    ]);
    expect(textOf(parts, 'text-delta')).not.toContain('Sources:');
  });

  it('keeps them off a Gemini 2.5 call with functions, which the API would refuse, with a warning, and offers them on a call without', async () => {
    const searched = {
      type: 'text' as const,
      text: 'Grounded.',
      builtInTools: [
        {
          type: 'google_search' as const,
          queries: ['q'],
          sources: [{ url: 'https://example.com/', title: 'example.com' }],
        },
      ],
    };
    server.enqueue(searched, searched);
    const backend = createGeminiBackend(settings('gemini-2.5-flash', both));
    const withFunctions = await collectParts(backend.stream({ ...question, tools: [vote] }));
    expect(withFunctions.at(-1)).toMatchObject({ type: 'finish' });
    expect(server.requests[0]?.body['tools']).toEqual([
      { functionDeclarations: [expect.objectContaining({ name: 'vote' })] },
    ]);
    expect(withFunctions.filter((part) => part.type === 'warning')).toEqual([
      {
        type: 'warning',
        warning: expect.objectContaining({ code: 'unsupported-feature', path: 'backend.enable_web_search' }),
      },
    ]);
    expect(providerToolParts(withFunctions)).toEqual([]);

    const alone = await collectParts(backend.stream(question));
    expect(server.requests[1]?.body['tools']).toEqual([{ googleSearch: {} }, { codeExecution: {} }]);
    expect(providerToolParts(alone)).toEqual([expect.objectContaining({ name: 'google_search' })]);
    expect(textOf(alone, 'text-delta')).toBe('Grounded.\n\nSources:\n- example.com: https://example.com/');
  });

  it('sends no Google tools unless turned on', async () => {
    server.enqueue({ type: 'text', text: 'Plain.' });
    await collectParts(
      createGeminiBackend(settings('gemini-3-flash-preview', {})).stream({ ...question, tools: [vote] }),
    );
    expect(server.requests[0]?.body['tools']).toEqual([
      { functionDeclarations: [expect.objectContaining({ name: 'vote' })] },
    ]);
    expect(server.requests[0]?.toolConfig).toBeUndefined();
  });

  it("sends Gemini 3's record of its searches back with the turn, before the function call it made after them", async () => {
    server.enqueue(
      {
        type: 'function-calls',
        calls: [{ name: 'vote', args: {}, id: 'call-1', thoughtSignature: 'c2lnbmVk' }],
        builtInTools: [
          {
            type: 'google_search',
            queries: ['Eiffel Tower height'],
            sources: [{ url: 'https://www.toureiffel.paris/en', title: 'toureiffel.paris' }],
          },
        ],
      },
      { type: 'text', text: 'Voted.' },
    );
    const backend = createGeminiBackend(settings('gemini-3-flash-preview', { enable_web_search: true }));
    const first = await collectParts(backend.stream({ ...question, tools: [vote] }));
    const metadata = first.find((part) => part.type === 'provider-metadata');
    expect(metadata?.type === 'provider-metadata' && metadata.metadata).toMatchObject({
      gemini: {
        serverToolParts: [
          { toolCall: { toolType: 'GOOGLE_SEARCH_WEB', args: { queries: ['Eiffel Tower height'] } } },
          { toolResponse: { toolType: 'GOOGLE_SEARCH_WEB' } },
        ],
      },
    });

    await collectParts(
      backend.stream({
        tools: [vote],
        messages: [
          ...question.messages,
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'call-1', name: 'vote', input: '{}' }],
            ...(metadata?.type === 'provider-metadata' ? { providerMetadata: metadata.metadata } : {}),
          },
          { role: 'tool', toolCallId: 'call-1', toolName: 'vote', content: 'counted' },
        ],
      }),
    );
    const modelTurn = server.requests[1]?.contents.find((content) => content.role === 'model');
    const searchCall = modelTurn?.parts[0]?.['toolCall'];
    expect(modelTurn?.parts.map((part) => Object.keys(part).sort())).toEqual([
      ['toolCall'],
      ['toolResponse'],
      ['functionCall', 'thoughtSignature'],
    ]);
    expect(searchCall).toEqual({
      id: 'server-tool-0-0',
      toolType: 'GOOGLE_SEARCH_WEB',
      args: { queries: ['Eiffel Tower height'] },
    });
    expect(modelTurn?.parts[1]?.['toolResponse']).toMatchObject({ id: 'server-tool-0-0' });
  });
});
