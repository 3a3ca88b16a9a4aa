import { MassGenError, type StreamPart } from '@massgen/core';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { mapClaudeStream } from './claude-stream.js';

async function* events(...items: unknown[]): AsyncGenerator<RawMessageStreamEvent> {
  for (const item of items) yield item as RawMessageStreamEvent;
}

async function collect(source: AsyncIterable<RawMessageStreamEvent>, signal?: AbortSignal): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  for await (const part of mapClaudeStream(source, { providerName: 'Anthropic', signal })) parts.push(part);
  return parts;
}

async function thrown(source: AsyncIterable<RawMessageStreamEvent>, signal?: AbortSignal): Promise<MassGenError> {
  try {
    await collect(source, signal);
  } catch (error) {
    if (MassGenError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the stream to fail');
}

const start = { type: 'message_start', message: { usage: { input_tokens: 10, output_tokens: 1 } } };
const stop = { type: 'message_stop' };
const delta = (stopReason: string | null, usage: Record<string, unknown> = { output_tokens: 5 }) => ({
  type: 'message_delta',
  delta: { stop_reason: stopReason, stop_sequence: null },
  usage,
});
/** A content block's events at `index`: its start with `block`, a delta event per `deltas`, its stop. */
const contentBlock = (index: number, block: Record<string, unknown>, ...deltas: Array<Record<string, unknown>>) => [
  { type: 'content_block_start', index, content_block: block },
  ...deltas.map((blockDelta) => ({ type: 'content_block_delta', index, delta: blockDelta })),
  { type: 'content_block_stop', index },
];

describe('mapClaudeStream', () => {
  it('ignores blocks and deltas it has no use for, such as server tools and citations', async () => {
    const parts = await collect(
      events(
        start,
        ...contentBlock(
          0,
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
          { type: 'input_json_delta', partial_json: '{"q":"x"}' },
        ),
        ...contentBlock(1, { type: 'text', text: 'Hi' }, { type: 'citations_delta', citation: {} }),
        delta('end_turn'),
        stop,
      ),
    );
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 5 } },
      { type: 'finish', reason: 'stop', rawReason: 'end_turn' },
    ]);
  });

  it('keeps the input a tool block opened with when no fragments follow', async () => {
    const parts = await collect(
      events(
        start,
        ...contentBlock(0, { type: 'tool_use', id: 'toolu_1', name: 'go', input: { to: 'Paris' } }),
        delta('tool_use'),
        stop,
      ),
    );
    expect(parts[0]).toEqual({ type: 'tool-call', id: 'toolu_1', name: 'go', input: '{"to":"Paris"}' });
  });

  it('leaves a thinking block without signature out of the metadata, which could not be replayed', async () => {
    const parts = await collect(
      events(
        start,
        ...contentBlock(
          0,
          { type: 'thinking', thinking: '', signature: '' },
          { type: 'thinking_delta', thinking: 'Hmm.' },
        ),
        delta('end_turn'),
        stop,
      ),
    );
    expect(parts.map((part) => part.type)).toEqual(['reasoning-delta', 'usage', 'finish']);
  });

  it('finishes as other when no stop reason came, and without usage when none was reported', async () => {
    expect(
      await collect(
        events(
          { type: 'message_start', message: {} },
          { type: 'message_delta', delta: { stop_reason: null }, usage: {} },
          stop,
        ),
      ),
    ).toEqual([{ type: 'finish', reason: 'other' }]);
  });

  it('merges the final usage over the first, keeping cache counts only message_start had', async () => {
    const parts = await collect(
      events(
        {
          type: 'message_start',
          message: {
            usage: { input_tokens: 10, cache_read_input_tokens: 50, cache_creation_input_tokens: 0, output_tokens: 1 },
          },
        },
        delta('end_turn', { output_tokens: 42, input_tokens: null, output_tokens_details: { thinking_tokens: 30 } }),
        stop,
      ),
    );
    expect(parts[0]).toEqual({
      type: 'usage',
      usage: { inputTokens: 60, outputTokens: 42, reasoningTokens: 30, cachedInputTokens: 50 },
    });
  });

  it('fails as a dropped stream when message_stop never came', async () => {
    expect(await thrown(events(start, delta('end_turn')))).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
  });

  it('fails on a tool call without a name', async () => {
    const error = await thrown(events(start, ...contentBlock(0, { type: 'tool_use', id: 't', name: '', input: {} })));
    expect(error.message).toContain('without a tool name');
  });

  it('reports a cancel, even when the source ended quietly as the SDK does on abort', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await thrown(events(), controller.signal)).toMatchObject({ code: 'ABORTED' });
  });
});
