import { MassGenError } from '@massgen/core';
import type { AgentStreamPart, MassGenErrorOptions, SerializedError, StreamPart } from '@massgen/core';
import type { ScriptNotifyGate, ScriptStep, ScriptWaitGate } from './scripted-backend-playback.js';

export type ToolCallPart = Extract<StreamPart, { type: 'tool-call' }>;
export type ErrorPart = { type: 'error'; error: SerializedError };
type TextDeltaPart = Extract<StreamPart, { type: 'text-delta' }>;
type FinishPart = Extract<StreamPart, { type: 'finish' }>;

let callCount = 0;

function nextCallId(): string {
  callCount += 1;
  return `call_scripted_${callCount}`;
}

/** A `new_answer` workflow call, as a model would make it. */
export function newAnswerCall(content: string, id: string = nextCallId()): ToolCallPart {
  return { type: 'tool-call', id, name: 'new_answer', input: JSON.stringify({ content }) };
}

/** A `vote` workflow call for an anonymous label such as `agent2`. */
export function voteCall(label: string, reason: string, confidence?: number, id: string = nextCallId()): ToolCallPart {
  const input = confidence === undefined ? { agent_id: label, reason } : { agent_id: label, reason, confidence };
  return { type: 'tool-call', id, name: 'vote', input: JSON.stringify(input) };
}

/**
 * A whole turn: `text` streamed as one delta (skipped when empty), then `rest`, then the
 * `finish` a real stream would end with — unless `rest` contains an `error` part, because a
 * stream ends with one or the other.
 */
export function textTurn<Part extends AgentStreamPart | StreamPart = never>(
  text: string,
  ...rest: Array<ScriptStep<Part>>
): Array<ScriptStep<Part | TextDeltaPart | FinishPart>> {
  const steps: Array<ScriptStep<Part | TextDeltaPart | FinishPart>> = [];
  if (text !== '') steps.push({ type: 'text-delta', text });
  steps.push(...rest);
  if (rest.some((step) => step.type === 'error')) return steps;
  const calledTool = rest.some((step) => step.type === 'tool-call');
  steps.push({ type: 'finish', reason: calledTool ? 'tool-calls' : 'stop' });
  return steps;
}

/** The steps of a turn that streams text and tool calls, as `textTurn` makes it. */
type ToolCallTurn = Array<ScriptStep<ToolCallPart | TextDeltaPart | FinishPart>>;

/** A turn that does nothing but give `content` as the agent's new answer. */
export function answerTurn(content: string): ToolCallTurn {
  return textTurn('', newAnswerCall(content));
}

/** A turn that does nothing but vote for `label` (see `voteCall`). */
export function voteTurn(label: string, reason: string, confidence?: number): ToolCallTurn {
  return textTurn('', voteCall(label, reason, confidence));
}

/** An `error` part as a backend classifies a provider failure. */
export function errorPart(options: MassGenErrorOptions): ErrorPart {
  return { type: 'error', error: new MassGenError(options).toJSON() };
}

/** Holds the turn here until `until` settles. */
export function waitFor(until: Promise<unknown>): ScriptWaitGate {
  return { type: 'wait', until };
}

/** Calls `notify` when the turn gets here. */
export function notify(callback: () => void): ScriptNotifyGate {
  return { type: 'notify', notify: callback };
}

/** Holds the turn until its signal is aborted: for limits such as timeouts and cancellation. */
export function hang(): ScriptWaitGate {
  return { type: 'wait', until: new Promise<never>(() => undefined) };
}
