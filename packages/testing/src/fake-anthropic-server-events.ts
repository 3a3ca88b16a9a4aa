import type { FakeResponseBlock, FakeResponseMessage } from './fake-anthropic-server-message.js';

/** One server-sent event: its `event:` name and its `data:` JSON, whose `type` repeats the name. */
export interface FakeAnthropicEvent {
  event: string;
  data: Record<string, unknown>;
}

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function event(data: Record<string, unknown> & { type: string }): FakeAnthropicEvent {
  return { event: data.type, data };
}

function blockEvents(block: FakeResponseBlock, index: number, chunkSize: number): FakeAnthropicEvent[] {
  const delta = (body: Record<string, unknown>): FakeAnthropicEvent =>
    event({ type: 'content_block_delta', index, delta: body });
  const events: FakeAnthropicEvent[] = [];
  switch (block.type) {
    case 'thinking':
      events.push(
        event({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } }),
      );
      for (const piece of split(block.thinking, chunkSize))
        events.push(delta({ type: 'thinking_delta', thinking: piece }));
      events.push(delta({ type: 'signature_delta', signature: block.signature }));
      break;
    case 'redacted_thinking':
      events.push(
        event({ type: 'content_block_start', index, content_block: { type: 'redacted_thinking', data: block.data } }),
      );
      break;
    case 'text':
      events.push(
        event({
          type: 'content_block_start',
          index,
          content_block:
            block.citations === undefined ? { type: 'text', text: '' } : { type: 'text', text: '', citations: [] },
        }),
      );
      for (const citation of block.citations ?? []) events.push(delta({ type: 'citations_delta', citation }));
      for (const piece of split(block.text, chunkSize)) events.push(delta({ type: 'text_delta', text: piece }));
      break;
    case 'web_search_tool_result':
    case 'code_execution_tool_result':
      // A server tool's result arrives whole, in its opening event.
      events.push(event({ type: 'content_block_start', index, content_block: block }));
      break;
    case 'tool_use':
    case 'server_tool_use':
      events.push(
        event({
          type: 'content_block_start',
          index,
          content_block: { type: block.type, id: block.id, name: block.name, input: {} },
        }),
      );
      // The API opens every tool input with an empty fragment before the JSON itself.
      events.push(delta({ type: 'input_json_delta', partial_json: '' }));
      for (const piece of split(block.inputJson, chunkSize))
        events.push(delta({ type: 'input_json_delta', partial_json: piece }));
      break;
  }
  events.push(event({ type: 'content_block_stop', index }));
  return events;
}

/**
 * Frames a message the way the Messages API streams it: `message_start` (with the input usage),
 * a `ping`, each content block opened, filled by deltas and closed, `message_delta` with the stop
 * reason and the final usage, and `message_stop`.
 */
export function buildStreamEvents(message: FakeResponseMessage, chunkSize: number): FakeAnthropicEvent[] {
  const { usage } = message;
  const events: FakeAnthropicEvent[] = [
    event({
      type: 'message_start',
      message: {
        id: message.id,
        type: 'message',
        role: 'assistant',
        model: message.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input_tokens,
          cache_creation_input_tokens: usage.cache_creation_input_tokens,
          cache_read_input_tokens: usage.cache_read_input_tokens,
          output_tokens: 1,
          service_tier: 'standard',
        },
      },
    }),
    event({ type: 'ping' }),
  ];
  message.blocks.forEach((block, index) => events.push(...blockEvents(block, index, chunkSize)));
  events.push(
    event({
      type: 'message_delta',
      delta: { stop_reason: message.stopReason, stop_sequence: message.stopSequence },
      usage: { ...usage },
    }),
    event({ type: 'message_stop' }),
  );
  return events;
}

/** The non-streaming response body for the same message. */
export function buildMessageBody(message: FakeResponseMessage): Record<string, unknown> {
  return {
    id: message.id,
    type: 'message',
    role: 'assistant',
    model: message.model,
    content: message.blocks.map((block) =>
      block.type === 'tool_use' || block.type === 'server_tool_use'
        ? { type: block.type, id: block.id, name: block.name, input: block.input }
        : block,
    ),
    stop_reason: message.stopReason,
    stop_sequence: message.stopSequence,
    usage: { ...message.usage, service_tier: 'standard' },
  };
}
