import type { StreamPart, Usage } from '@massgen/core';
import { expect } from 'vitest';
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
