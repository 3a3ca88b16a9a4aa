/** One server-sent event: its `event:` name (`undefined` for the default) and its joined `data:` lines. */
export interface ServerSentEvent {
  event: string | undefined;
  data: string;
}

/**
 * Decodes a `text/event-stream` body as the HTML standard defines it: lines end with CRLF, LF or
 * CR; `data:` lines accumulate, `event:` names the event, a blank line dispatches it, and
 * comments (`:` lines), `id:` and `retry:` are skipped. An event with no data is not dispatched.
 * The OpenAI SDK has its own decoder, but it works on bytes through three async generators per
 * chunk; a served stream pays that for every token.
 */
export async function* decodeServerSentEvents(body: AsyncIterable<Uint8Array | string>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let pending = '';
  let event: string | undefined;
  let data: string[] = [];
  const dispatch = (line: string): ServerSentEvent | undefined => {
    if (line === '') {
      const complete = data.length === 0 ? undefined : { event, data: data.join('\n') };
      event = undefined;
      data = [];
      return complete;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    return undefined;
  };
  for await (const chunk of body) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let index = 0; index < pending.length; index += 1) {
      const character = pending.charCodeAt(index);
      if (character !== 10 && character !== 13) continue;
      // A CR at the very end may be the first half of a CRLF still to come.
      if (character === 13 && index === pending.length - 1) break;
      const complete = dispatch(pending.slice(start, index));
      if (character === 13 && pending.charCodeAt(index + 1) === 10) index += 1;
      start = index + 1;
      if (complete !== undefined) yield complete;
    }
    pending = pending.slice(start);
  }
  pending += decoder.decode();
  // A CR held back at the end was a line ending after all; anything else left is an unfinished
  // line, and an event the stream did not finish with a blank line is dropped, as the standard says.
  if (pending.endsWith('\r')) {
    const complete = dispatch(pending.slice(0, -1));
    if (complete !== undefined) yield complete;
  }
}
