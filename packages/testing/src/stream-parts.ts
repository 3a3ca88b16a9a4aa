import type { SerializedError, StreamPart, Usage } from '@massgen/core';

/** Every part a stream yields (a backend's, an agent's, an SDK's), once it has ended. */
export async function collectParts<Part = StreamPart>(stream: AsyncIterable<Part>): Promise<Part[]> {
  const parts: Part[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

/**
 * The error a backend stream ended with. Throws unless the stream has exactly one terminal part
 * (`finish` or `error`), and that part is an error at the end: the contract of every backend.
 */
export function terminalError(parts: readonly StreamPart[]): SerializedError {
  const terminal = parts.filter((part) => part.type === 'finish' || part.type === 'error');
  const last = parts.at(-1);
  if (terminal.length !== 1 || last?.type !== 'error') {
    throw new Error(`expected the stream to end with its one error part, got ${JSON.stringify(terminal)}`);
  }
  return last.error;
}

/** The text a stream's deltas of one kind spell out, joined in order. */
export function textOf(parts: readonly StreamPart[], type: 'text-delta' | 'reasoning-delta'): string {
  return parts.map((part) => (part.type === type ? part.text : '')).join('');
}

/** The parts of a stream that say what the provider's own tools (web search, code execution) did. */
export function providerToolParts(parts: readonly StreamPart[]): StreamPart[] {
  return parts.filter((part) => part.type === 'provider-tool');
}

/** The uses of the provider's own tools that each usage part of a stream counts, in order. */
export function providerToolUsesOf(parts: readonly StreamPart[]): Array<Usage['providerToolUses']> {
  return parts.flatMap((part) => (part.type === 'usage' ? [part.usage.providerToolUses] : []));
}
