import type { RunEvent } from '@massgen/core';
import { oneLine } from './text-lines.js';

export type TimelineKind =
  'round' | 'answer' | 'vote' | 'restart' | 'error' | 'retry' | 'dropped' | 'warning' | 'winner' | 'final' | 'end';

/** One line of the live timeline: the coordination's milestones, not its streaming text. */
export interface TimelineEntry {
  seq: number;
  /** Milliseconds since the run started. */
  at: number;
  kind: TimelineKind;
  agentId?: string;
  text: string;
}

/** Entries kept; the view shows only the most recent ones that fit. */
export const timelineLimit = 500;

/** The timeline line an event becomes, if it is a milestone. */
export function timelineEntry(event: RunEvent, startedAt: number): TimelineEntry | undefined {
  const base = { seq: event.seq, at: Math.max(0, event.time - startedAt) };
  switch (event.type) {
    case 'round':
      return { ...base, kind: 'round', text: `round ${event.round}` };
    case 'answer':
      return { ...base, kind: 'answer', agentId: event.agentId, text: `${event.agentId} answered ${event.label}` };
    case 'vote': {
      const confidence = event.confidence === undefined ? '' : ` (confidence ${event.confidence})`;
      return {
        ...base,
        kind: 'vote',
        agentId: event.agentId,
        text: `${event.agentId} voted ${event.targetLabel} (${event.targetAgentId})${confidence}: ${oneLine(event.reason)}`,
      };
    }
    case 'restart':
      return {
        ...base,
        kind: 'restart',
        agentId: event.agentId,
        text: `${event.agentId} restarts: ${oneLine(event.reason)}`,
      };
    case 'agent-error':
      return event.willRetry
        ? {
            ...base,
            kind: 'retry',
            agentId: event.agentId,
            text: `${event.agentId} retries (attempt ${event.attempt}): ${oneLine(event.error.message)}`,
          }
        : {
            ...base,
            kind: 'error',
            agentId: event.agentId,
            text: `${event.agentId} failed: ${oneLine(event.error.message)} (${event.error.code})`,
          };
    case 'agent-killed':
      return {
        ...base,
        kind: 'dropped',
        agentId: event.agentId,
        text: `${event.agentId} dropped: ${oneLine(event.reason)}`,
      };
    case 'warning':
      return { ...base, kind: 'warning', text: `warning: ${oneLine(event.warning.message)}` };
    case 'consensus': {
      const winner = event.tally.find((entry) => entry.agentId === event.winnerAgentId);
      const votes = event.tally.reduce((sum, entry) => sum + entry.votes, 0);
      return {
        ...base,
        kind: 'winner',
        agentId: event.winnerAgentId,
        text: `${event.winnerAgentId} wins with ${winner?.votes ?? 0}/${votes} votes (${event.stopReason}) and presents`,
      };
    }
    case 'final':
      return { ...base, kind: 'final', agentId: event.agentId, text: `${event.agentId} presented the final answer` };
    case 'run-end':
      return {
        ...base,
        kind: 'end',
        text: `finished: ${event.stopReason}${event.error === undefined ? '' : ` (${oneLine(event.error.message)})`}`,
      };
    default:
      return undefined;
  }
}

export function appendTimeline(timeline: readonly TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  const next = [...timeline, entry];
  return next.length > timelineLimit ? next.slice(next.length - timelineLimit) : next;
}
