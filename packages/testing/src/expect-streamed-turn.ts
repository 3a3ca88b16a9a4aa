import type { StreamPart, Usage } from '@massgen/core';
import { expect } from 'vitest';
import { scriptedToolCalls } from './scripted-tool-calls.js';
import { textOf } from './stream-parts.js';

/** A streamed answer in text: what it says, the usage it reports, and the provider's own stop reason. */
export interface StreamedTextTurn {
  text: string;
  usage: Usage;
  rawReason: string;
}

/**
 * Asserts a backend streamed a text answer as every backend must: in more than a few deltas,
 * with exactly one usage part, ending with a stop finish.
 */
export function expectStreamedText(parts: readonly StreamPart[], turn: StreamedTextTurn): void {
  expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(3);
  expect(textOf(parts, 'text-delta')).toBe(turn.text);
  expect(parts.filter((part) => part.type === 'usage')).toEqual([{ type: 'usage', usage: turn.usage }]);
  expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: turn.rawReason });
}

/** A streamed turn that makes the {@link scriptedToolCalls}: the text before them, their ids, the provider's stop reason. */
export interface StreamedToolCallsTurn {
  text: string;
  /** The id each call gets, in order; a matcher where the backend makes the id up. */
  ids: readonly [unknown, unknown, unknown];
  rawReason: string;
}

/**
 * Asserts a backend streamed the {@link scriptedToolCalls} as every backend must: the text first,
 * each call once and whole with its input as JSON text, ending with a tool-calls finish.
 */
export function expectStreamedToolCalls(parts: readonly StreamPart[], turn: StreamedToolCallsTurn): void {
  expect(textOf(parts, 'text-delta')).toBe(turn.text);
  expect(parts.filter((part) => part.type === 'tool-call')).toEqual(
    scriptedToolCalls.map(({ name, input }, index) => ({
      type: 'tool-call',
      id: turn.ids[index],
      name,
      input: JSON.stringify(input),
    })),
  );
  expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'tool-calls', rawReason: turn.rawReason });
}
