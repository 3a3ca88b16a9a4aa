import path from 'node:path';
import type { StopReason } from '@massgen/core';
import type { AgentStatus, RecordedStatus, RunStatus } from '@massgen/runtime';

const stopReasons: Record<StopReason, string> = {
  consensus: 'every agent voted',
  'convergence-threshold': 'the leading answer reached the vote threshold',
  'max-rounds': 'the round limit was reached',
  plateau: 'no new answer came for several rounds',
  timeout: 'the time limit was reached',
  budget: 'the budget was used up',
  'answer-now': 'an answer was requested',
  cancelled: 'cancelled by the user',
  'all-agents-failed': 'every agent failed',
  completed: 'every agent did its part',
  error: 'an error stopped the run',
};

/**
 * The readable end of a run, from its status alone, so a live run and `massgen logs show`
 * print the same thing: how it ended, who won by how many votes, rounds, what each agent spent,
 * the wall time and where the record is.
 */
export function formatRunSummary(status: RecordedStatus, cwd: string): string {
  const lines: string[] = [];
  const wall = wallTimeMs(status);
  if (status.state === 'finished') {
    const reason = status.stopReason ?? 'error';
    lines.push(`Finished: ${reason} (${stopReasons[reason]}) in ${formatSeconds(wall)}`);
  } else {
    lines.push(
      `Not finished: last event ${formatSeconds(wall)} after the start (still running, or stopped without ending)`,
    );
  }
  if (status.error !== undefined) lines.push(`Error: ${status.error.message} (${status.error.code})`);
  const votes = voteCounts(status);
  const totalVotes = votes.reduce((sum, entry) => sum + entry.votes, 0);
  // A record written before votes were kept in the status has none.
  const cast = status.votes ?? [];
  if (status.winnerAgentId !== undefined) {
    const winner = votes.find((entry) => entry.agentId === status.winnerAgentId);
    const label = winner?.label ?? latestLabel(status, status.winnerAgentId);
    const named = `${status.winnerAgentId}${label === undefined ? '' : ` (${label})`}`;
    // Nobody voted (a team of one, a run stopped early): there is an answer but no winner by votes.
    lines.push(
      cast.length === 0
        ? `Answer: ${named}`
        : `Winner: ${named} with ${winner?.votes ?? 0} of ${totalVotes} vote${totalVotes === 1 ? '' : 's'}`,
    );
  }
  if (cast.length > 0 || status.strategy !== 'passthrough') {
    const outdated = cast.filter((vote) => vote.stale).length;
    lines.push(
      `Votes: ${votes.length === 0 ? 'none' : votes.map((entry) => `${entry.label} (${entry.agentId}) ${entry.votes}`).join(' · ')}${outdated === 0 ? '' : ` (and ${outdated} out of date, not counted)`}`,
    );
  }
  lines.push(`Rounds: ${status.round} · answers: ${status.answers.length}`);
  lines.push(...agentTable(Object.values(status.agents)));
  if (status.recordDirectory !== undefined) lines.push(`Record: ${displayPath(status.recordDirectory, cwd)}`);
  return `${lines.join('\n')}\n`;
}

export function wallTimeMs(status: RunStatus): number {
  return Date.parse(status.finishedAt ?? status.updatedAt) - Date.parse(status.startedAt);
}

function voteCounts(status: RunStatus): Array<{ label: string; agentId: string; votes: number }> {
  if (status.tally !== undefined)
    return status.tally.filter((entry) => entry.votes > 0).sort((left, right) => right.votes - left.votes);
  const counts = new Map<string, { label: string; agentId: string; votes: number }>();
  for (const agent of Object.values(status.agents)) {
    if (agent.vote === null) continue;
    const entry = counts.get(agent.vote.targetAgentId) ?? {
      label: agent.vote.targetLabel,
      agentId: agent.vote.targetAgentId,
      votes: 0,
    };
    entry.votes += 1;
    counts.set(agent.vote.targetAgentId, entry);
  }
  return [...counts.values()].sort((left, right) => right.votes - left.votes);
}

function latestLabel(status: RunStatus, agentId: string): string | undefined {
  return status.answers.filter((answer) => answer.agentId === agentId).at(-1)?.label;
}

function agentTable(agents: readonly AgentStatus[]): string[] {
  if (agents.length === 0) return [];
  const priced = agents.some((agent) => agent.costUsd !== undefined);
  const rows = agents.map((agent) => [
    agent.id,
    agent.modelId === '' ? agent.provider : agent.modelId,
    `${count(totalTokens(agent))} tok`,
    ...(priced ? [cost(agent.costUsd)] : []),
    outcome(agent),
  ]);
  const inputTokens = agents.reduce((sum, agent) => sum + (agent.usage.inputTokens ?? 0), 0);
  const outputTokens = agents.reduce((sum, agent) => sum + (agent.usage.outputTokens ?? 0), 0);
  const totalCost = agents.reduce((sum, agent) => sum + (agent.costUsd ?? 0), 0);
  rows.push([
    'total',
    '',
    `${count(inputTokens + outputTokens)} tok`,
    ...(priced ? [cost(totalCost)] : []),
    `${count(inputTokens)} in, ${count(outputTokens)} out`,
  ]);
  const last = rows[0]!.length - 1;
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  // Numbers align right, words left; the last column is left ragged.
  const numeric = (column: number): boolean => column === 2 || (priced && column === 3);
  const format = (row: string[]): string =>
    `  ${row.map((cell, column) => (column === last ? cell : numeric(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join('  ')}`.trimEnd();
  return ['Agents:', ...rows.map(format)];
}

function totalTokens(agent: AgentStatus): number {
  return (agent.usage.inputTokens ?? 0) + (agent.usage.outputTokens ?? 0);
}

function outcome(agent: AgentStatus): string {
  const parts = [`${agent.answers} answer${agent.answers === 1 ? '' : 's'}`];
  if (agent.vote !== null) parts.push(`voted ${agent.vote.targetLabel}`);
  if (agent.state === 'done') parts.push('presented');
  if (agent.state === 'stopped') parts.push('stopped while working');
  if (agent.state === 'failed') parts.push(agent.error === undefined ? 'failed' : `failed: ${agent.error.code}`);
  return parts.join(', ');
}

function cost(costUsd: number | undefined): string {
  return costUsd === undefined ? '' : `$${costUsd.toFixed(4)}`;
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function formatSeconds(milliseconds: number): string {
  return `${(Math.max(0, milliseconds) / 1000).toFixed(1)}s`;
}

/** Relative to the working directory when it is inside it: shorter, and what the user typed from. */
export function displayPath(directory: string, cwd: string): string {
  const relative = path.relative(cwd, directory);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : directory;
}
