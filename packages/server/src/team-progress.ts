import type { RunEvent } from '@massgen/core';
import { initialRunStatus, reduceRunStatus, summarizeTeam, summarizesTeam } from '@massgen/run-state';
import type { RunStatus, TeamSummary } from '@massgen/run-state';

/** Events after which a team's counts, leaders or groups may read differently. */
const changesTeam = new Set<RunEvent['type']>([
  'run-start',
  'groups',
  'agent-start',
  'agent-waiting',
  'answer',
  'vote',
  'restart',
  'human-message',
  'agent-killed',
  'consensus',
]);

/**
 * Follows a run for its progress chunks: a team larger than eight gets its summary (state counts,
 * leading answers, groups) after each event that changes it, so a client can show fifty agents
 * without replaying every event; a smaller team's chunks stay as they were.
 */
export class TeamProgress {
  private status: RunStatus = initialRunStatus('', 0);
  private large = false;

  /** The summary to send with `event`, if any. */
  after(event: RunEvent): TeamSummary | undefined {
    if (event.type === 'run-start') this.large = summarizesTeam(event.agents.length);
    if (!this.large) return undefined;
    this.status = reduceRunStatus(this.status, event);
    return changesTeam.has(event.type) ? summarizeTeam(this.status) : undefined;
  }
}
