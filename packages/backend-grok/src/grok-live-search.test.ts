import type { BackendSettings, Warning } from '@massgen/core';
import { backendSettings, collectParts, createFakeOpenAIServer, providerToolUsesOf, textOf } from '@massgen/testing';
import { useFakeServer } from '@massgen/testing/vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGrokBackend } from './index.js';

/** xAI's live search through the official OpenAI SDK against the fake Chat Completions server. */
const xaiKey = 'xai-test-live-search';
const server = useFakeServer(() => createFakeOpenAIServer({ apiKey: xaiKey }));
let warnings: Warning[];

beforeEach(() => {
  warnings = [];
});

function settings(options: Record<string, unknown>): BackendSettings {
  return backendSettings({
    type: 'grok',
    model: 'grok-4-fast',
    options: { base_url: server.url, ...options },
    env: { XAI_API_KEY: xaiKey },
    warn: (warning) => warnings.push(warning),
  });
}

const question = { messages: [{ role: 'user' as const, content: 'How tall is the Eiffel Tower?' }] };
const searched = {
  type: 'text' as const,
  text: 'It is 330 m tall.',
  serverTools: [
    {
      type: 'web_search' as const,
      query: 'Eiffel Tower height',
      sources: [{ url: 'https://www.toureiffel.paris/en' }, { url: 'https://x.com/LaTourEiffel/status/1' }],
    },
  ],
};

describe('Grok live search', () => {
  it('asks for a search with its citations for enable_web_search, and shows the pages used, cited after the text', async () => {
    server.enqueue(searched);
    const parts = await collectParts(createGrokBackend(settings({ enable_web_search: true })).stream(question));
    expect(server.requests[0]?.body['search_parameters']).toEqual({ mode: 'auto', return_citations: true });
    expect(parts.filter((part) => part.type === 'provider-tool')).toEqual([
      {
        type: 'provider-tool',
        id: 'live_search',
        name: 'live_search',
        input: '{}',
        output: 'https://www.toureiffel.paris/en\nhttps://x.com/LaTourEiffel/status/1',
        isError: false,
      },
    ]);
    expect(textOf(parts, 'text-delta')).toBe(
      'It is 330 m tall.\n\nSources:\n- https://www.toureiffel.paris/en\n- https://x.com/LaTourEiffel/status/1',
    );
    // xAI bills each source its search read.
    expect(providerToolUsesOf(parts)).toEqual([{ live_search_sources: 2 }]);
    expect(warnings).toEqual([]);
  });

  it("merges the configured extra_body.search_parameters over the defaults, as upstream's configurations write them", async () => {
    server.enqueue(searched);
    const configured = { search_parameters: { max_search_results: 1, sources: [{ type: 'news' }] } };
    const parts = await collectParts(
      createGrokBackend(settings({ enable_web_search: true, extra_body: configured })).stream(question),
    );
    expect(server.requests[0]?.body['search_parameters']).toEqual({
      mode: 'auto',
      return_citations: true,
      max_search_results: 1,
      sources: [{ type: 'news' }],
    });
    expect(textOf(parts, 'text-delta')).toBe('It is 330 m tall.\n\nSources:\n- https://www.toureiffel.paris/en');
  });

  it('reports the sources used when citations are turned off, and searches with extra_body alone', async () => {
    server.enqueue(searched);
    const parts = await collectParts(
      createGrokBackend(
        settings({
          enable_web_search: false,
          extra_body: { search_parameters: { mode: 'on', return_citations: false } },
        }),
      ).stream(question),
    );
    expect(parts.filter((part) => part.type === 'provider-tool')).toEqual([
      expect.objectContaining({ name: 'live_search', output: '2 sources used, none cited' }),
    ]);
    expect(textOf(parts, 'text-delta')).toBe('It is 330 m tall.');
  });

  it('sends no search_parameters unless asked, and then nothing is searched', async () => {
    server.enqueue(searched);
    const parts = await collectParts(createGrokBackend(settings({})).stream(question));
    expect(server.requests[0]?.body).not.toHaveProperty('search_parameters');
    expect(parts.some((part) => part.type === 'provider-tool')).toBe(false);
    expect(textOf(parts, 'text-delta')).toBe('It is 330 m tall.');
  });
});
