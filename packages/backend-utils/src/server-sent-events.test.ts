import { describe, expect, it } from 'vitest';
import { ServerSentEventDecoder } from './server-sent-events.js';

function decode(chunks: Array<string | Uint8Array>) {
  const decoder = new ServerSentEventDecoder();
  return [...chunks.flatMap((chunk) => decoder.decode(chunk)), ...decoder.end()];
}

describe('ServerSentEventDecoder', () => {
  it('dispatches each event at its blank line, with its name and data', () => {
    expect(decode(['data: {"a":1}\n\nevent: error\ndata: {"b":2}\n\ndata: [DONE]\n\n'])).toEqual([
      { event: undefined, data: '{"a":1}' },
      { event: 'error', data: '{"b":2}' },
      { event: undefined, data: '[DONE]' },
    ]);
  });

  it('joins events split anywhere across chunks, multi-byte characters included', () => {
    const text = 'data: {"text":"héllo ✓"}\n\ndata: second\n\n';
    const bytes = new TextEncoder().encode(text);
    const oneByOne = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(decode(oneByOne)).toEqual([
      { event: undefined, data: '{"text":"héllo ✓"}' },
      { event: undefined, data: 'second' },
    ]);
  });

  it('accepts CRLF and CR line endings, even a CRLF split between chunks', () => {
    expect(decode(['data: one\r', '\n\r\ndata: two\r\rdata: three\r', '\r'])).toEqual([
      { event: undefined, data: 'one' },
      { event: undefined, data: 'two' },
      { event: undefined, data: 'three' },
    ]);
  });

  it('joins multi-line data, keeps the id, and skips comments, retries and events without data', () => {
    expect(decode([': keep-alive\n\nid: 7\nretry: 100\ndata: first\ndata:second\n\nevent: ping\n\n'])).toEqual([
      { id: '7', event: undefined, data: 'first\nsecond' },
    ]);
  });

  it('drops an event the stream did not finish', () => {
    expect(decode(['data: whole\n\ndata: cut off'])).toEqual([{ event: undefined, data: 'whole' }]);
    expect(decode(['data: whole\n\ndata: ended\n'])).toEqual([{ event: undefined, data: 'whole' }]);
  });

  it('hands over each event with the chunk that completes it', () => {
    const decoder = new ServerSentEventDecoder();
    expect(decoder.decode('data: a\n')).toEqual([]);
    expect(decoder.decode('\ndata: b\n\nda')).toEqual([
      { event: undefined, data: 'a' },
      { event: undefined, data: 'b' },
    ]);
    expect(decoder.decode('ta: c\n\n')).toEqual([{ event: undefined, data: 'c' }]);
    expect(decoder.end()).toEqual([]);
  });
});
