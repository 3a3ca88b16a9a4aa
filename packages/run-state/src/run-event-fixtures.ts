import type { CoordinationEvent, RunEvent, StopReason, TallyEntry } from '@massgen/core';
import { initialDisplayState, reduceDisplayState } from './display-state.js';
import type { DisplayState } from './display-state.js';
import { initialRunStatus, reduceRunStatus } from './run-status.js';
import type { RunStatus } from './run-status.js';

/** The start time fixtures stamp their events from. */
export const fixtureStart = Date.UTC(2026, 0, 1, 12, 0, 0);

/** Stamps coordination events as the runtime would, one second apart unless `stepMs` says otherwise. */
export function stampEvents(events: readonly CoordinationEvent[], runId = 'run-test', stepMs = 1000): RunEvent[] {
  return events.map((event, seq) => ({ ...event, runId, seq, time: fixtureStart + seq * stepMs }));
}

export function displayStateOf(events: readonly CoordinationEvent[]): DisplayState {
  return stampEvents(events).reduce(reduceDisplayState, initialDisplayState());
}

/** The run status the stamped events fold into, for a run started at `fixtureStart`. */
export function runStatusOf(events: readonly CoordinationEvent[], runId = 'run-test', stepMs = 1000): RunStatus {
  return stampEvents(events, runId, stepMs).reduce(reduceRunStatus, initialRunStatus(runId, fixtureStart));
}

export function tallyEntry(label: string, agentId: string, votes: number, weight = votes): TallyEntry {
  return { label, agentId, votes, weight };
}

/** The consensus a tally decides: the answer with the most weight wins. */
export function consensusOf(tally: TallyEntry[], stopReason: StopReason = 'consensus'): CoordinationEvent {
  const winner = tally.reduce((best, entry) => (entry.weight > best.weight ? entry : best));
  return { type: 'consensus', winnerAgentId: winner.agentId, winnerLabel: winner.label, tally, stopReason };
}

type AnswerEvent = Extract<CoordinationEvent, { type: 'answer' }>;
type VoteEvent = Extract<CoordinationEvent, { type: 'vote' }>;

/** `agentId` submits the answer `label`: content `x` in round 1 unless `more` says otherwise. */
export function answerEvent(agentId: string, label: string, more: Partial<AnswerEvent> = {}): AnswerEvent {
  return { type: 'answer', agentId, label, content: 'x', round: 1, ...more };
}

/** `agentId` votes for `targetLabel` by `targetAgentId`: reason `r` in round 1 unless `more` says otherwise. */
export function voteEvent(
  agentId: string,
  targetAgentId: string,
  targetLabel: string,
  more: Partial<VoteEvent> = {},
): VoteEvent {
  return { type: 'vote', agentId, targetAgentId, targetLabel, reason: 'r', round: 1, ...more };
}

export function runStart(
  agentIds: readonly string[],
  task = 'What is 2+2?',
): Extract<CoordinationEvent, { type: 'run-start' }> {
  return {
    type: 'run-start',
    task,
    strategy: 'vote',
    agents: agentIds.map((id, index) => ({
      id,
      provider: 'chatcompletion',
      modelId: `model-${String.fromCharCode(97 + index)}`,
    })),
  };
}

/** A three-agent run up to the winner presenting: answers, reasoning, a tool call, votes. */
export function threeAgentRun(): CoordinationEvent[] {
  return [
    runStart(['alpha', 'beta', 'gamma']),
    { type: 'round', round: 1 },
    { type: 'agent-start', agentId: 'alpha', round: 1, attempt: 1, reason: 'initial' },
    { type: 'agent-start', agentId: 'beta', round: 1, attempt: 1, reason: 'initial' },
    { type: 'agent-start', agentId: 'gamma', round: 1, attempt: 1, reason: 'initial' },
    { type: 'agent-delta', agentId: 'alpha', kind: 'reasoning', text: 'Adding two and two.' },
    { type: 'agent-delta', agentId: 'alpha', kind: 'text', text: 'Four. 2 + 2 = 4.' },
    { type: 'tool-call', agentId: 'beta', callId: 'c1', name: 'calculator', input: '{"expression":"2+2"}' },
    { type: 'tool-result', agentId: 'beta', callId: 'c1', name: 'calculator', output: '4', isError: false },
    { type: 'agent-delta', agentId: 'beta', kind: 'text', text: 'The sum is 4.' },
    { type: 'usage', agentId: 'alpha', usage: { inputTokens: 900, outputTokens: 340 }, costUsd: 0.0021 },
    { type: 'answer', agentId: 'alpha', label: 'A1.1', content: 'Four. 2 + 2 = 4.', round: 1 },
    { type: 'answer', agentId: 'beta', label: 'A2.1', content: 'The sum is 4.', round: 1 },
    {
      type: 'vote',
      agentId: 'gamma',
      targetAgentId: 'alpha',
      targetLabel: 'A1.1',
      reason: 'Shows the working.',
      round: 1,
    },
  ];
}
