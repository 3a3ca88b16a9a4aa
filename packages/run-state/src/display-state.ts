import type { RunEvent } from '@massgen/core';
import { initialRunStatus, reduceRunStatus } from './run-status.js';
import type { RunStatus } from './run-status.js';
import { appendOutput, emptyOutput, startTurn } from './agent-output.js';
import type { AgentOutput } from './agent-output.js';
import { appendTimeline, timelineEntry } from './timeline.js';
import type { TimelineEntry } from './timeline.js';
import { oneLine, truncateEnd } from './text-lines.js';

/** What the live display shows: the run's status plus what the status leaves out. */
export interface DisplayState {
  status: RunStatus;
  /** When the run started (milliseconds since the epoch); 0 before `run-start`. */
  startedAt: number;
  /** When the run ended; undefined while it runs. */
  endedAt?: number;
  /** Agent ids in the order the run listed them, which is the order of cards and of keys 1-9. */
  agentIds: string[];
  outputs: Record<string, AgentOutput>;
  timeline: TimelineEntry[];
  /** The final answer as the winner streams it, then as it was recorded. */
  finalText: string;
  presenterId?: string;
  /** The user asked for an answer now and the run has not yet ended. */
  answerRequested: boolean;
  /** The user cancelled and the run has not yet ended. */
  cancelRequested: boolean;
  /** When each agent was last heard from (event time). */
  heardAt: Record<string, number>;
  /** Agents the run has named silent (an `agent-silent` warning), with when each was last heard from. */
  silentSince: Record<string, number>;
}

export function initialDisplayState(): DisplayState {
  return {
    status: initialRunStatus('', 0),
    startedAt: 0,
    agentIds: [],
    outputs: {},
    timeline: [],
    finalText: '',
    answerRequested: false,
    cancelRequested: false,
    heardAt: {},
    silentSince: {},
  };
}

/** Events in which an agent is heard from: it is working, whatever else it is. */
const agentActivity = new Set<RunEvent['type']>([
  'agent-start',
  'agent-delta',
  'tool-call',
  'tool-result',
  'answer',
  'vote',
  'agent-error',
  'usage',
  'final-delta',
]);

const turnTitles = {
  initial: 'first answer',
  update: 'reviewing answers',
  retry: 'retry',
  restart: 'restart',
} as const;

/** Folds one run event into the display state. Pure: the store decides when to draw. */
export function reduceDisplayState(state: DisplayState, event: RunEvent): DisplayState {
  const next: DisplayState = { ...state, status: reduceRunStatus(state.status, event) };
  if (event.type === 'run-start') {
    next.startedAt = event.time;
    next.agentIds = event.agents.map((agent) => agent.id);
    next.outputs = Object.fromEntries(event.agents.map((agent) => [agent.id, emptyOutput]));
  }
  const entry = timelineEntry(event, next.startedAt, state.timeline);
  if (entry !== undefined) next.timeline = appendTimeline(state.timeline, entry);
  if (agentActivity.has(event.type) && 'agentId' in event) {
    next.heardAt = { ...state.heardAt, [event.agentId]: event.time };
    next.silentSince = withoutKey(state.silentSince, event.agentId);
  }
  if (event.type === 'warning' && event.warning.code === 'agent-silent' && event.warning.agentId !== undefined) {
    const agentId = event.warning.agentId;
    next.silentSince = { ...state.silentSince, [agentId]: state.heardAt[agentId] ?? event.time };
  }
  if (event.type === 'agent-killed' || event.type === 'run-end') {
    next.silentSince = event.type === 'run-end' ? {} : withoutKey(next.silentSince, event.agentId);
  }
  const output = (agentId: string): AgentOutput => next.outputs[agentId] ?? emptyOutput;
  const setOutput = (agentId: string, value: AgentOutput): void => {
    next.outputs = { ...next.outputs, [agentId]: value };
  };
  switch (event.type) {
    case 'agent-start': {
      const attempt = event.attempt > 1 ? `, attempt ${event.attempt}` : '';
      setOutput(
        event.agentId,
        startTurn(output(event.agentId), `round ${event.round}: ${turnTitles[event.reason]}${attempt}`),
      );
      break;
    }
    case 'agent-delta':
      setOutput(event.agentId, appendOutput(output(event.agentId), event.kind, event.text));
      break;
    case 'tool-call':
      setOutput(
        event.agentId,
        appendOutput(output(event.agentId), 'tool-call', `${event.name}(${truncateEnd(oneLine(event.input), 200)})`),
      );
      break;
    case 'tool-result':
      setOutput(
        event.agentId,
        appendOutput(
          output(event.agentId),
          event.isError ? 'tool-error' : 'tool-result',
          `${event.name}: ${truncateEnd(oneLine(event.output), 400)}`,
        ),
      );
      break;
    case 'answer':
      // The answer itself, however it was submitted (a `new_answer` call streams no text).
      setOutput(event.agentId, appendOutput(output(event.agentId), 'answer', `${event.label}\n${event.content}`));
      break;
    case 'consensus':
      next.presenterId = event.winnerAgentId;
      break;
    case 'orchestration-restart':
      // The restarted attempt's final answer was never given: the next attempt writes its own.
      next.presenterId = undefined;
      next.finalText = '';
      break;
    case 'final-delta':
      next.presenterId = event.agentId;
      next.finalText = state.finalText + event.text;
      break;
    case 'final':
      next.presenterId = event.agentId;
      next.finalText = event.content;
      break;
    case 'run-end':
      next.endedAt = event.time;
      next.answerRequested = false;
      next.cancelRequested = false;
      break;
    default:
      break;
  }
  return next;
}

function withoutKey(record: Record<string, number>, key: string): Record<string, number> {
  if (!(key in record)) return record;
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}
