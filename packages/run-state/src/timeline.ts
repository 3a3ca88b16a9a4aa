import type { AttemptRetry, RunEvent, SerializedError } from '@massgen/core';
import { listNames, oneLine } from './text-lines.js';

export type TimelineKind =
  | 'round'
  | 'answer'
  | 'vote'
  | 'restart'
  | 'message'
  | 'error'
  | 'retry'
  | 'dropped'
  | 'warning'
  | 'winner'
  | 'final'
  | 'end';

/** One line of the live timeline: the coordination's milestones, not its streaming text. */
export interface TimelineEntry {
  seq: number;
  /** Milliseconds since the run started. */
  at: number;
  kind: TimelineKind;
  agentId?: string;
  text: string;
  /** The failure message the line is about, so a repeat of it is named rather than written again. */
  failure?: string;
}

/** Entries kept; the view shows only the most recent ones that fit. */
export const timelineLimit = 500;

/**
 * The timeline line an event becomes, if it is a milestone. A failure already on the
 * timeline (`earlier`) is named as a repeat instead of written out again.
 */
export function timelineEntry(
  event: RunEvent,
  startedAt: number,
  earlier: readonly TimelineEntry[] = [],
): TimelineEntry | undefined {
  const base = { seq: event.seq, at: Math.max(0, event.time - startedAt) };
  const failure = (error: SerializedError, agentId?: string): { text: string; failure: string } => ({
    text: describeFailure(error, agentId, earlier),
    failure: error.message,
  });
  switch (event.type) {
    case 'round':
      return { ...base, kind: 'round', text: `round ${event.round}` };
    case 'answer':
      return { ...base, kind: 'answer', agentId: event.agentId, text: `${event.agentId} answered ${event.label}` };
    case 'vote': {
      const confidence = event.confidence === undefined ? '' : ` (confidence ${event.confidence})`;
      const stale = event.stale === true ? ' (out of date on arrival: newer answers came first; not counted)' : '';
      return {
        ...base,
        kind: 'vote',
        agentId: event.agentId,
        text: `${event.agentId} voted ${event.targetLabel} (${event.targetAgentId})${confidence}${stale}: ${oneLine(event.reason)}`,
      };
    }
    case 'restart':
      return {
        ...base,
        kind: 'restart',
        agentId: event.agentId,
        text: `${event.agentId} restarts: ${oneLine(event.reason)}`,
      };
    case 'orchestration-restart':
      return {
        ...base,
        kind: 'restart',
        agentId: event.agentId,
        text: `${event.agentId} restarted the coordination (attempt ${event.attempt} of ${event.maxAttempts}): ${oneLine(event.reason)}`,
      };
    case 'human-message': {
      const to = event.to === undefined ? 'all agents' : listNames(event.to);
      const late = event.late === true ? ' (too late: coordination had ended)' : '';
      return { ...base, kind: 'message', text: `message to ${to}${late}: ${oneLine(event.text)}` };
    }
    case 'agent-waiting':
      return {
        ...base,
        kind: 'restart',
        agentId: event.agentId,
        text: `${event.agentId} waits for ${listNames(event.waitingFor)}: ${oneLine(event.reason)}`,
      };
    case 'agent-error': {
      const said = failure(event.error, event.agentId);
      return event.willRetry
        ? {
            ...base,
            kind: 'retry',
            agentId: event.agentId,
            failure: said.failure,
            text: `${event.agentId}: ${said.text}${describeRetry(event.attempt, event.retry)}`,
          }
        : {
            ...base,
            kind: 'error',
            agentId: event.agentId,
            failure: said.failure,
            text: `${event.agentId} failed: ${said.text}`,
          };
    }
    case 'agent-killed': {
      const said = event.error === undefined ? undefined : failure(event.error, event.agentId);
      return {
        ...base,
        kind: 'dropped',
        agentId: event.agentId,
        ...(said === undefined ? {} : { failure: said.failure }),
        text: said === undefined ? oneLine(event.reason) : `${oneLine(event.reason)}: ${said.text}`,
      };
    }
    case 'warning':
      return { ...base, kind: 'warning', text: `warning: ${oneLine(event.warning.message)}` };
    case 'consensus': {
      const winner = event.tally.find((entry) => entry.agentId === event.winnerAgentId);
      const votes = event.tally.reduce((sum, entry) => sum + entry.votes, 0);
      return {
        ...base,
        kind: 'winner',
        agentId: event.winnerAgentId,
        text:
          votes === 0
            ? `${event.winnerAgentId}'s answer ${event.winnerLabel} is chosen, with no votes cast (${event.stopReason})`
            : `${event.winnerAgentId} wins with ${winner?.votes ?? 0}/${votes} votes (${event.stopReason})`,
      };
    }
    case 'final':
      return {
        ...base,
        kind: 'final',
        agentId: event.agentId,
        text: event.label.endsWith('.final')
          ? `${event.agentId} presented the final answer`
          : `${event.agentId}'s answer ${event.label} is the final answer, as submitted`,
      };
    case 'run-end': {
      // After every agent failed, each failure is already on the timeline.
      const error =
        event.error === undefined || event.stopReason === 'all-agents-failed' ? '' : ` (${failure(event.error).text})`;
      return { ...base, kind: 'end', text: `finished: ${event.stopReason}${error}` };
    }
    default:
      return undefined;
  }
}

export function appendTimeline(timeline: readonly TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  const next = [...timeline, entry];
  return next.length > timelineLimit ? next.slice(next.length - timelineLimit) : next;
}

/** A failure in one line: in full the first time it is on the timeline, named as a repeat after. */
function describeFailure(
  error: SerializedError,
  agentId: string | undefined,
  earlier: readonly TimelineEntry[],
): string {
  const first = earlier.find((entry) => entry.failure === error.message);
  if (first === undefined) return `${oneLine(error.message)} (${error.code})`;
  return first.agentId === undefined || first.agentId === agentId
    ? `the same failure again (${error.code})`
    : `the same failure as ${first.agentId} (${error.code})`;
}

function describeRetry(failedAttempt: number, retry: AttemptRetry | undefined): string {
  if (retry === undefined) return '; retrying';
  const next = `attempt ${failedAttempt + 1} of ${retry.maxAttempts}`;
  return retry.scope === 'turn' ? `; turn ${next}` : `; request ${next}`;
}
