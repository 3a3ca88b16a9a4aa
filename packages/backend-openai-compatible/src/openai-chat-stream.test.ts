import { MassGenError, type StreamPart } from '@massgen/core';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { mapChatStream } from './openai-chat-stream.js';

type Delta = Record<string, unknown>;

function chunk(delta: Delta, finishReason: string | null = null, usage?: Record<string, unknown>): ChatCompletionChunk {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    ...(usage === undefined ? {} : { usage }),
  } as ChatCompletionChunk;
}

async function* from(chunks: ChatCompletionChunk[]): AsyncGenerator<ChatCompletionChunk> {
  yield* chunks;
}

async function run(
  chunks: ChatCompletionChunk[],
  signal?: AbortSignal,
): Promise<{ parts: StreamPart[]; error: unknown }> {
  const parts: StreamPart[] = [];
  try {
    for await (const part of mapChatStream(from(chunks), { providerName: 'test-provider', signal })) parts.push(part);
    return { parts, error: undefined };
  } catch (error) {
    return { parts, error };
  }
}

describe('mapChatStream', () => {
  it('joins interleaved tool-call fragments by index and emits them in index order', async () => {
    const { parts } = await run([
      chunk({
        tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'second', arguments: '' } }],
      }),
      chunk({
        tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'first', arguments: '{"a"' } }],
      }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{"b":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '2}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(parts).toEqual([
      { type: 'tool-call', id: 'call_a', name: 'first', input: '{"a":1}' },
      { type: 'tool-call', id: 'call_b', name: 'second', input: '{"b":2}' },
      { type: 'finish', reason: 'tool-calls', rawReason: 'tool_calls' },
    ]);
  });

  it('accepts whole calls without index or id, as some compatible servers send them', async () => {
    const { parts } = await run([
      chunk({
        tool_calls: [
          { type: 'function', function: { name: 'one', arguments: '{}' } },
          { type: 'function', function: { name: 'two', arguments: '{"x":1}' } },
        ],
      }),
      chunk({}, 'stop'),
    ]);
    const calls = parts.filter((part) => part.type === 'tool-call');
    expect(calls.map((part) => part.type === 'tool-call' && [part.name, part.input])).toEqual([
      ['one', '{}'],
      ['two', '{"x":1}'],
    ]);
    expect(calls.every((part) => part.type === 'tool-call' && /^call_[0-9a-f]{24}$/.test(part.id))).toBe(true);
    // `stop` after tool calls still means the caller must run them.
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls', rawReason: 'stop' });
  });

  it('fails a tool call that never got a name', async () => {
    const { error } = await run([
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(MassGenError.isInstance(error) && error.code).toBe('BACKEND_STREAM');
  });

  it('reads reasoning from reasoning_content or reasoning, and skips empty deltas', async () => {
    const { parts } = await run([
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: 'think ' }),
      chunk({ reasoning: 'more' }),
      chunk({ content: null }),
      chunk({ content: 'Done.' }),
      chunk({}, 'stop'),
    ]);
    expect(parts).toEqual([
      { type: 'reasoning-delta', text: 'think ' },
      { type: 'reasoning-delta', text: 'more' },
      { type: 'text-delta', text: 'Done.' },
      { type: 'finish', reason: 'stop', rawReason: 'stop' },
    ]);
  });

  it('keeps only the last usage when a server reports it on every chunk', async () => {
    const { parts } = await run([
      chunk({ content: 'a' }, null, { prompt_tokens: 5, completion_tokens: 1, total_tokens: 6 }),
      chunk({ content: 'b' }, null, { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 }),
      chunk({}, 'stop', { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 }),
    ]);
    expect(parts.filter((part) => part.type === 'usage')).toEqual([
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 3 } },
    ]);
  });

  it('maps unknown finish reasons to other, keeping the raw one', async () => {
    const { parts } = await run([chunk({ content: 'x' }), chunk({}, 'eos_token')]);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'other', rawReason: 'eos_token' });
  });

  it('treats an end without finish_reason as a broken stream', async () => {
    const { parts, error } = await run([chunk({ content: 'partial' })]);
    expect(parts).toEqual([{ type: 'text-delta', text: 'partial' }]);
    expect(error).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
  });

  it('treats an end after the caller aborted as a cancel', async () => {
    const controller = new AbortController();
    controller.abort();
    const { error } = await run([], controller.signal);
    expect(error).toMatchObject({ code: 'ABORTED' });
  });
});
