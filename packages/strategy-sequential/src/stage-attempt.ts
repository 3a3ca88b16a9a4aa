import { MassGenError, toMassGenError, turnPartEvent } from '@massgen/core';
import type { AgentHandle, CoordinationEvent, SerializedError, TurnRequest } from '@massgen/core';
import type { PipelineLimits } from './pipeline-limits.js';

/** How one attempt at a stage ended. */
export type AttemptResult =
  | { kind: 'output'; content: string }
  | { kind: 'failed'; error: SerializedError }
  /** A pipeline limit stopped it; the limits say which. */
  | { kind: 'stopped' };

export interface StageAttemptInput {
  handle: AgentHandle;
  request: TurnRequest;
  limits: PipelineLimits;
}

/**
 * Runs one attempt of a stage: streams the agent's turn as events and decides whether it
 * produced an output. A stream error, an empty output and the stage's time limit are failures;
 * the caller decides whether to try again.
 */
export async function* runStageAttempt(input: StageAttemptInput): AsyncGenerator<CoordinationEvent, AttemptResult> {
  const { handle, limits } = input;
  const control = limits.beginAttempt();
  let text = '';
  let error: SerializedError | undefined;
  try {
    try {
      for await (const part of handle.turn(input.request, { signal: control.signal })) {
        if (part.type === 'text-delta') text += part.text;
        if (part.type === 'error') error ??= part.error;
        const event = turnPartEvent(handle.id, part);
        if (event !== undefined) yield event;
        // The runtime counts a usage event as soon as it is taken, so the budget is current
        // here; going over it aborts the attempt, whose stream then ends on its own.
        if (part.type === 'usage') limits.checkBudget();
      }
    } catch (thrown) {
      // The contract says failures arrive as parts; a handle that throws anyway fails the same way.
      error ??= toMassGenError(thrown).toJSON();
    }
  } finally {
    control.end();
  }
  if (limits.stopReason !== undefined) return { kind: 'stopped' };
  if (control.timedOut) {
    const message = `Agent "${handle.id}" did not finish its stage within the time limit of ${String(limits.stageTimeoutMs)} ms.`;
    return {
      kind: 'failed',
      error: new MassGenError({
        code: 'TIMEOUT',
        message,
        retryable: true,
        agentId: handle.id,
        provider: handle.provider,
      }).toJSON(),
    };
  }
  if (error !== undefined)
    return { kind: 'failed', error: { ...error, agentId: handle.id, provider: error.provider ?? handle.provider } };
  if (text.trim() === '') {
    const message = `Agent "${handle.id}" ended its stage without writing any output.`;
    return {
      kind: 'failed',
      error: new MassGenError({
        code: 'WORKFLOW_VIOLATION',
        message,
        retryable: true,
        agentId: handle.id,
        provider: handle.provider,
      }).toJSON(),
    };
  }
  return { kind: 'output', content: text };
}
