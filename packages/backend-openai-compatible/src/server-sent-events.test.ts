import { describe, expect, it } from 'vitest';
import { decodeServerSentEvents } from './server-sent-events.js';

async function decode(chunks: Array<string | Uint8Array>) {
  const events = [];
  for await (const event of decodeServerSentEvents((async function* () { yield* chunks; })())) events.push(event);
  return events;
}

describe('decodeServerSentEvents', () => {
  it('dispatches each event at its blank line, with its name and data', async () => {
    expect(await decode(['data: {"a":1}\n\nevent: error\ndata: {"b":2}\n\ndata: [DONE]\n\n'])).toEqual([
      { event: undefined, data: '{"a":1}' },
      { event: 'error', data: '{"b":2}' },
      { event: undefined, data: '[DONE]' },
    ]);
  });

  it('joins events split anywhere across chunks, multi-byte characters included', async () => {
    const text = 'data: {"text":"héllo ✓"}\n\ndata: second\n\n';
    const bytes = new TextEncoder().encode(text);
    const oneByOne = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await decode(oneByOne)).toEqual([
      { event: undefined, data: '{"text":"héllo ✓"}' },
      { event: undefined, data: 'second' },
    ]);
  });

  it('accepts CRLF and CR line endings, even a CRLF split between chunks', async () => {
    expect(await decode(['data: one\r', '\n\r\ndata: two\r\rdata: three\r', '\r'])).toEqual([
      { event: undefined, data: 'one' },
      { event: undefined, data: 'two' },
      { event: undefined, data: 'three' },
    ]);
  });

  it('joins multi-line data, and skips comments, ids, retries and events without data', async () => {
    expect(await decode([': keep-alive\n\nid: 7\nretry: 100\ndata: first\ndata:second\n\nevent: ping\n\n'])).toEqual([{ event: undefined, data: 'first\nsecond' }]);
  });

  it('drops an event the stream did not finish', async () => {
    expect(await decode(['data: whole\n\ndata: cut off'])).toEqual([{ event: undefined, data: 'whole' }]);
  });
});
