import { MassGenError, type MassGenErrorOptions, type StreamPart, type Usage } from '@massgen/core';
import { mapClaudeCodeFailure } from './claude-code-error.js';
import { generatedCallIdPrefix, type BridgedToolCall } from './claude-code-prepare-tools.js';
import type { ClaudeCodeSession, SessionEvent } from './claude-code-session.js';
import { largerUsage, usageSince } from './claude-code-usage.js';
import type { ParkedSessions } from './parked-sessions.js';

export interface DriveOptions {
  signal: AbortSignal | undefined;
  /** Longest silence from Claude Code before the turn fails with `TIMEOUT`. */
  timeoutMs: number;
  parked: ParkedSessions;
}

/** Usage the session has not reported yet, as a part; `current` is what it knows so far. */
function usagePart(session: ClaudeCodeSession, current: Usage | undefined): StreamPart[] {
  if (current === undefined) return [];
  const added = usageSince(current, session.reportedUsage);
  session.reportedUsage = largerUsage(session.reportedUsage, current) ?? session.reportedUsage;
  return added === undefined ? [] : [{ type: 'usage', usage: added }];
}

function errorPart(error: MassGenError): StreamPart {
  return { type: 'error', error: error.toJSON() };
}

/** The error of a turn the caller cancelled (`aborted`) or Claude Code left silent for `timeoutMs`. */
function interruption(
  kind: 'aborted' | 'timeout',
  timeoutMs: number,
): Pick<MassGenErrorOptions, 'code' | 'retryable' | 'message'> {
  if (kind === 'aborted') return { code: 'ABORTED', retryable: false, message: 'The Claude Code turn was cancelled.' };
  return {
    code: 'TIMEOUT',
    retryable: true,
    message: `Claude Code went silent for ${timeoutMs / 1000} s (the request timeout, backend.timeout_seconds).`,
  };
}

/**
 * Streams one `stream()` call's worth of a Claude Code session. The call ends when Claude Code
 * finishes its turn (after a workflow call, or on its own), fails, goes silent for the timeout, is
 * cancelled, or calls a tool the runtime runs: then the session is parked until the runtime comes
 * back with the result, and the call ends with `finish: tool-calls` as any backend's would.
 */
export async function* driveClaudeCodeSession(
  session: ClaudeCodeSession,
  options: DriveOptions,
): AsyncGenerator<StreamPart> {
  const { mapper, context } = session;
  const attribution = { agentId: context.agentId, provider: context.provider };
  let endedByWorkflowCall = false;
  // Claude Code shows a tool_use block before it runs the tool, but the SDK may deliver the call
  // to MassGen's handler before that message reaches us: calls wait for their block, so text
  // and usage that came first are reported first.
  const waiting: BridgedToolCall[] = [];
  const ready = (call: BridgedToolCall): boolean =>
    mapper.hasSeenToolUse(call.id) || call.id.startsWith(generatedCallIdPrefix);
  for (;;) {
    const call = waiting.find(ready);
    if (call !== undefined) {
      waiting.splice(waiting.indexOf(call), 1);
      // A call after the workflow call has no turn left to run in; the session answers it.
      if (endedByWorkflowCall && !call.endsTurn) continue;
      yield { type: 'tool-call', id: call.id, name: call.name, input: call.input };
      if (call.endsTurn) {
        endedByWorkflowCall = true;
        continue;
      }
      yield* usagePart(session, mapper.streamedUsage.total());
      options.parked.park(session, { timeoutMs: options.timeoutMs, signal: options.signal });
      yield { type: 'finish', reason: 'tool-calls' };
      return;
    }
    const next = await session.events.next({ timeoutMs: options.timeoutMs, signal: options.signal });
    if (next.kind === 'aborted' || next.kind === 'timeout') {
      await session.close();
      // Tokens spent before the cancellation or the silence still count against the run's budget.
      yield* usagePart(session, mapper.streamedUsage.total());
      yield errorPart(new MassGenError({ ...attribution, ...interruption(next.kind, options.timeoutMs) }));
      return;
    }
    // The session pushes its own end event and never ends the queue; an ended queue means the same.
    const event: SessionEvent = next.kind === 'ended' ? { kind: 'end' } : next.item;
    switch (event.kind) {
      case 'message':
        yield* mapper.map(event.message);
        break;
      case 'tool-call':
        waiting.push(event.call);
        break;
      case 'end':
      case 'failure': {
        await session.close();
        for (const late of waiting.filter((candidate) => candidate.endsTurn)) {
          yield { type: 'tool-call', id: late.id, name: late.name, input: late.input };
          endedByWorkflowCall = true;
        }
        yield* usagePart(session, largerUsage(mapper.resultUsage, mapper.streamedUsage.total()));
        const outcome = mapper.outcome;
        // The workflow call stands whatever happened to the process after it.
        if (endedByWorkflowCall) {
          yield { type: 'finish', reason: 'tool-calls' };
        } else if (outcome === undefined) {
          // The SDK also throws after an error result; that result, when there is one, says more.
          const error =
            event.kind === 'failure'
              ? mapClaudeCodeFailure(event.error, context, session.stderrTail())
              : new MassGenError({
                  ...attribution,
                  code: 'BACKEND_STREAM',
                  retryable: true,
                  message: 'Claude Code ended without a result.',
                });
          yield errorPart(error);
        } else if (outcome.kind === 'error') {
          yield errorPart(outcome.error);
        } else {
          yield {
            type: 'finish',
            reason: outcome.reason,
            ...(outcome.rawReason === undefined ? {} : { rawReason: outcome.rawReason }),
          };
        }
        return;
      }
    }
  }
}
