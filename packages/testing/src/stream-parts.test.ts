import { describe, expect, it } from 'vitest';
import type { SerializedError, StreamPart } from '@massgen/core';
import { collectParts, providerToolParts, providerToolUsesOf, terminalError, textOf } from './stream-parts.js';

const failure: SerializedError = {
  code: 'BACKEND_AUTH',
  message: 'Incorrect API key provided.',
  retryable: false,
};

describe('stream parts', () => {
  it('collects every part of a stream', async () => {
    const parts: StreamPart[] = [
      { type: 'text-delta', text: 'Hi' },
      { type: 'finish', reason: 'stop' },
    ];
    expect(
      await collectParts(
        (async function* () {
          yield* parts;
        })(),
      ),
    ).toEqual(parts);
  });

  it('joins the deltas of one kind, skipping the other', () => {
    const parts: StreamPart[] = [
      { type: 'text-delta', text: 'Par' },
      { type: 'reasoning-delta', text: 'Think.' },
      { type: 'text-delta', text: 'is.' },
    ];
    expect(textOf(parts, 'text-delta')).toBe('Paris.');
    expect(textOf(parts, 'reasoning-delta')).toBe('Think.');
  });

  it("picks out what the provider's own tools did and the uses each usage part counts", () => {
    const search: StreamPart = {
      type: 'provider-tool',
      id: 'ws_1',
      name: 'web_search',
      input: '{"query":"Paris"}',
      output: 'paris.fr',
      isError: false,
    };
    const parts: StreamPart[] = [
      search,
      { type: 'text-delta', text: 'Hi' },
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 1, providerToolUses: { web_search: 1 } } },
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } },
    ];
    expect(providerToolParts(parts)).toEqual([search]);
    expect(providerToolUsesOf(parts)).toEqual([{ web_search: 1 }, undefined]);
  });

  it('returns the error a stream ended with', () => {
    expect(
      terminalError([
        { type: 'text-delta', text: 'Hi' },
        { type: 'error', error: failure },
      ]),
    ).toEqual(failure);
  });

  it('refuses a stream that finished, ended twice, or has its error before the end', () => {
    expect(() => terminalError([{ type: 'finish', reason: 'stop' }])).toThrow(/one error part/);
    expect(() =>
      terminalError([
        { type: 'finish', reason: 'stop' },
        { type: 'error', error: failure },
      ]),
    ).toThrow(/one error part/);
    expect(() =>
      terminalError([
        { type: 'error', error: failure },
        { type: 'text-delta', text: 'late' },
      ]),
    ).toThrow(/one error part/);
    expect(() => terminalError([])).toThrow(/one error part/);
  });
});
