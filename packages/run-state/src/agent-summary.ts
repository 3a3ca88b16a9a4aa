import type { AgentStatus, RunStatus } from './run-status.js';
import type { DisplayState } from './display-state.js';
import { formatCost, formatDuration, formatTokenCount, totalTokens } from './quantity-format.js';
import { listNames, oneLine, truncateEnd } from './text-lines.js';

/** The label of the agent's latest answer, if it gave one. */
export function latestAnswerLabel(status: RunStatus, agentId: string): string | undefined {
  for (let index = status.answers.length - 1; index >= 0; index -= 1) {
    const answer = status.answers[index];
    if (answer?.agentId === agentId) return answer.label;
  }
  return undefined;
}

/** `working`, `answered A1.2`, `voted A2.1`, ...: the state in words a user reads at a glance. */
export function describeState(agent: AgentStatus, answerLabel: string | undefined): string {
  switch (agent.state) {
    case 'answered':
      return answerLabel === undefined ? 'answered' : `answered ${answerLabel}`;
    case 'voted':
      return agent.vote === null ? 'voted' : `voted ${agent.vote.targetLabel}`;
    case 'done':
      return 'presented';
    case 'failed':
      return agent.error === undefined ? 'failed' : `failed (${agent.error.code})`;
    case 'waiting':
      return agent.waiting === undefined ? 'waiting' : describeWaitingOn(agent.waiting.for);
    default:
      return agent.state;
  }
}

/**
 * The agents `agentId` waits on while the run goes on: those its held-off turn waits for, or,
 * once it has voted (or answered in a vote) and has nothing left to do, those still at work.
 */
export function waitingOn(status: RunStatus, agentId: string): string[] {
  const agent = status.agents[agentId];
  if (agent === undefined || status.state !== 'running') return [];
  const atWork = (id: string): boolean => {
    const other = status.agents[id];
    return other !== undefined && (other.state === 'working' || other.waiting !== undefined);
  };
  // A held-off agent waits for first answers: those that have answered (or failed) are done.
  if (agent.state === 'waiting')
    return (agent.waiting?.for ?? []).filter((id) => status.agents[id]?.answers === 0 && atWork(id));
  const settled = agent.state === 'voted' || (agent.state === 'answered' && status.strategy === 'vote');
  if (!settled) return [];
  return Object.keys(status.agents).filter((id) => id !== agentId && atWork(id));
}

/** `waiting for gamma (silent 40s)`: whom an agent waits on, naming silences; '' for nobody. */
export function describeWaitingOn(
  agentIds: readonly string[],
  silentForMs: Readonly<Record<string, number>> = {},
): string {
  if (agentIds.length === 0) return '';
  const named = agentIds.map((id) => {
    const silent = silentForMs[id];
    return silent === undefined ? id : `${id} (${describeSilence(silent)})`;
  });
  return `waiting for ${listNames(named, 2)}`;
}

/** `silent 45s`: how long an agent the run has named silent has sent nothing. */
export function describeSilence(silentForMs: number): string {
  const seconds = Math.floor(Math.max(0, silentForMs) / 1000);
  return seconds < 60 ? `silent ${seconds}s` : `silent ${formatDuration(seconds * 1000)}`;
}

/** How long each agent the run has named silent has been so, at `now`; agents that are not, left out. */
export function silences(state: DisplayState, now: number): Record<string, number> {
  return Object.fromEntries(Object.entries(state.silentSince).map(([agentId, since]) => [agentId, now - since]));
}

/** `1.2k tok $0.004`: what the agent has spent so far; `short` leaves the cost out. */
export function describeSpend(agent: AgentStatus, short = false): string {
  const tokens = `${formatTokenCount(totalTokens(agent.usage))} tok`;
  return agent.costUsd === undefined || short ? tokens : `${tokens} ${formatCost(agent.costUsd)}`;
}

export const stateSymbols: Record<AgentStatus['state'], string> = {
  waiting: '○',
  working: '◐',
  answered: '●',
  voted: '✓',
  presenting: '★',
  failed: '✗',
  done: '★',
  stopped: '■',
};

/**
 * Two texts on one line of `width`: the left one whole if it can be, the right one flush right
 * when both fit, dropped when they do not.
 */
export function spreadLine(left: string, right: string, width: number): { left: string; gap: string; right: string } {
  const leftLength = Array.from(left).length;
  const rightLength = Array.from(right).length;
  if (leftLength + 1 + rightLength <= width) return { left, gap: ' '.repeat(width - leftLength - rightLength), right };
  return { left: truncateEnd(left, width), gap: '', right: '' };
}

/** `model-a · chatcompletion`: the model first, as it tells agents apart best; the backend type after it, cut when the card is narrow. */
export function describeModel(agent: AgentStatus): string {
  return agent.modelId === '' ? agent.provider : `${agent.modelId} · ${agent.provider}`;
}

/** What an agent with no output in its current turn shows instead: why it failed, its vote, or that it waits. */
export function idleText(agent: AgentStatus): string {
  if (agent.state === 'failed' && agent.error !== undefined) return oneLine(agent.error.message);
  if (agent.state === 'voted' && agent.vote !== null)
    return `→ ${agent.vote.targetLabel} (${agent.vote.targetAgentId}): ${oneLine(agent.vote.reason)}`;
  if (agent.state === 'working') return 'thinking…';
  if (agent.state === 'waiting' && agent.waiting !== undefined) {
    const { for: waitedFor, reason } = agent.waiting;
    const whose =
      waitedFor.length === 1 ? `${waitedFor[0]}'s first answer` : `the first answers of ${waitedFor.join(', ')}`;
    return `${oneLine(reason)}; restarts after ${whose}`;
  }
  if (agent.state === 'waiting') return 'waiting to start';
  return '';
}
