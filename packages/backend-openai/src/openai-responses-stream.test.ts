import type { StreamPart } from '@massgen/core';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { OpenAIResponseFailure } from './openai-responses-failure.js';
import { mapResponsesStream } from './openai-responses-stream.js';
import { collectParts } from '@massgen/testing';

/** Events as the SDK yields them; only the fields the mapper reads matter here. */
function events(...list: Array<Record<string, unknown>>): AsyncIterable<ResponseStreamEvent> {
  return (async function* () {
    for (const [index, event] of list.entries())
      yield { sequence_number: index, ...event } as unknown as ResponseStreamEvent;
  })();
}

const options = { providerName: 'OpenAI' };
const usage = {
  input_tokens: 5,
  input_tokens_details: { cached_tokens: 1 },
  output_tokens: 7,
  output_tokens_details: { reasoning_tokens: 3 },
  total_tokens: 12,
};
const completed = { type: 'response.completed', response: { usage } };
/** The event saying output item `outputIndex` is complete, as `item`. */
const itemDone = (outputIndex: number, item: Record<string, unknown>) => ({
  type: 'response.output_item.done',
  output_index: outputIndex,
  item,
});

/** The parts the mapper makes of `list`. */
function partsOf(...list: Array<Record<string, unknown>>): Promise<StreamPart[]> {
  return collectParts(mapResponsesStream(events(...list), options));
}

describe('mapResponsesStream', () => {
  it('keeps summary parts apart as paragraphs', async () => {
    const parts = await partsOf(
      { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', summary_index: 0, delta: 'First ' },
      { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', summary_index: 0, delta: 'part.' },
      { type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', summary_index: 1, delta: 'Second.' },
      completed,
    );
    expect(
      parts
        .filter((part) => part.type === 'reasoning-delta')
        .map((part) => part.type === 'reasoning-delta' && part.text),
    ).toEqual(['First ', 'part.', '\n\nSecond.']);
  });

  it('assembles a call from its argument deltas when the done item carries none, and skips incomplete calls', async () => {
    const parts = await partsOf(
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { type: 'function_call', id: 'fc_1', call_id: 'call_a', name: 'lookup', arguments: '' },
      },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta: '{"q":' },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_1', output_index: 0, delta: '"x"}' },
      itemDone(0, {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_a',
        name: 'lookup',
        arguments: '',
        status: 'completed',
      }),
      itemDone(1, {
        type: 'function_call',
        id: 'fc_2',
        call_id: 'call_b',
        name: 'cut',
        arguments: '{"q',
        status: 'incomplete',
      }),
      { type: 'response.incomplete', response: { usage, incomplete_details: { reason: 'max_output_tokens' } } },
    );
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'lookup', input: '{"q":"x"}' },
    ]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'length', rawReason: 'max_output_tokens' });
  });

  it('records reasoning, message and call items for the next call, only when the model reasoned', async () => {
    const reasoned = await partsOf(
      itemDone(0, {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'Hmm.' }],
        encrypted_content: 'gAAAAAxyz',
      }),
      itemDone(1, { type: 'message', id: 'msg_1', role: 'assistant', content: [] }),
      itemDone(2, {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_a',
        name: 'lookup',
        arguments: '{}',
        status: 'completed',
      }),
      completed,
    );
    expect(reasoned.find((part) => part.type === 'provider-metadata')).toEqual({
      type: 'provider-metadata',
      metadata: {
        openai: {
          outputItems: [
            { type: 'reasoning', id: 'rs_1', summary: ['Hmm.'], encryptedContent: 'gAAAAAxyz' },
            { type: 'message', id: 'msg_1' },
            { type: 'function_call', id: 'fc_1', callId: 'call_a' },
          ],
        },
      },
    });
    expect(reasoned.map((part) => part.type)).toEqual(['tool-call', 'provider-metadata', 'usage', 'finish']);

    const plain = await partsOf(
      itemDone(0, { type: 'message', id: 'msg_1', role: 'assistant', content: [] }),
      completed,
    );
    expect(plain.some((part) => part.type === 'provider-metadata')).toBe(false);
  });

  it('maps usage, and a content filter cut', async () => {
    const parts = await partsOf({
      type: 'response.incomplete',
      response: { usage, incomplete_details: { reason: 'content_filter' } },
    });
    expect(parts).toEqual([
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 7, reasoningTokens: 3, cachedInputTokens: 1 } },
      { type: 'finish', reason: 'content-filter', rawReason: 'content_filter' },
    ]);
  });

  it('throws the failure a response.failed or error event reports, after the text before it', async () => {
    const seen: StreamPart[] = [];
    const failure = await (async () => {
      for await (const part of mapResponsesStream(
        events(
          { type: 'response.output_text.delta', delta: 'Hi' },
          { type: 'response.failed', response: { error: { code: 'server_error', message: 'Oops.' } } },
        ),
        options,
      ))
        seen.push(part);
    })().catch((error: unknown) => error);
    expect(seen).toEqual([{ type: 'text-delta', text: 'Hi' }]);
    expect(failure).toBeInstanceOf(OpenAIResponseFailure);
    expect(failure).toMatchObject({ code: 'server_error', message: 'Oops.' });
    await expect(partsOf({ type: 'error', code: null, message: 'Bad.', param: null })).rejects.toMatchObject({
      code: null,
      message: 'Bad.',
    });
  });

  it('calls a stream that ends early broken, and an aborted one ABORTED', async () => {
    await expect(partsOf({ type: 'response.output_text.delta', delta: 'Hi' })).rejects.toMatchObject({
      code: 'BACKEND_STREAM',
      retryable: true,
    });
    await expect(
      collectParts(mapResponsesStream(events(completed), { ...options, signal: AbortSignal.abort() })),
    ).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
