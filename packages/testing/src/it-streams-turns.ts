import type { StreamPart } from '@massgen/core';
import { it } from 'vitest';
import {
  expectStreamedText,
  expectStreamedToolCalls,
  type StreamedTextTurn,
  type StreamedToolCallsTurn,
} from './expect-streamed-turn.js';
import { collectParts } from './stream-parts.js';

/** How a test queues the streaming contract's replies on its fake server, in that server's own vocabulary. */
export interface StreamedTurnsScript {
  /** Queues `text`, streamed in several chunks, with the usage the subject's `text.usage` is made from. */
  text(text: string): void;
  /** Queues `text`, then the `scriptedToolCalls` of `@massgen/testing`, their arguments streamed in fragments. */
  toolCalls(text: string): void;
}

/** One backend under the streaming contract, with the fake server it talks to. */
export interface StreamedTurnsSubject {
  script: StreamedTurnsScript;
  /** Streams a question with the backend under test, pointed at the fake server. */
  stream(): AsyncIterable<StreamPart>;
  /** The usage the backend reports for the text reply, and the provider's stop reason. */
  text: Omit<StreamedTextTurn, 'text'>;
  /** The ids the backend gives the tool calls, and the provider's stop reason. */
  toolCalls: Omit<StreamedToolCallsTurn, 'text'>;
  /** What else the text turn must show for this backend. */
  checkText?(parts: StreamPart[]): void;
  /** What else the tool-call turn must show for this backend. */
  checkToolCalls?(parts: StreamPart[]): void;
}

const answer = 'Paris is the capital of France.';
const lookingUp = 'Let me look.';

/**
 * How every backend streams the two kinds of turn its provider sends: a text answer (deltas, one
 * usage part, a stop finish) and tool calls (each once and whole, however its arguments were split).
 * Call it inside a `describe`.
 */
export function itStreamsTurns(subject: StreamedTurnsSubject): void {
  it('streams text deltas, one usage part and a stop finish', async () => {
    subject.script.text(answer);
    const parts = await collectParts(subject.stream());
    expectStreamedText(parts, { text: answer, ...subject.text });
    subject.checkText?.(parts);
  });

  it('emits each tool call once, complete, from argument fragments split across events', async () => {
    subject.script.toolCalls(lookingUp);
    const parts = await collectParts(subject.stream());
    expectStreamedToolCalls(parts, { text: lookingUp, ...subject.toolCalls });
    subject.checkToolCalls?.(parts);
  });
}
