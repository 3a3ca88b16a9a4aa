import { formatConfigIssue } from '@massgen/core';
import type { AttemptRetry, RunEvent, SerializedError } from '@massgen/core';
import { describePlanProgress, summarizesTeam } from '@massgen/run-state';
import { TeamProgress } from './team-progress.js';

/**
 * Turns coordination events into plain progress lines for stderr: who is answering, who voted
 * for whom, which agent failed and why. Streaming text is left out; it is not progress. Each
 * failure is written out once: a repeat (another retry, another agent, the run's end) names it.
 * A team larger than eight is summed up instead of told agent by agent (`TeamProgress`).
 */
export class ProgressLines {
  private startedAt: number | undefined;
  private agentCount = 0;
  private strategy = '';
  /** A large team's lines are summed up (see `TeamProgress`). */
  private team: TeamProgress | undefined;
  /** Failure messages already written, with the agent that first reported each. */
  private readonly said = new Map<string, string>();

  describe(event: RunEvent): string | undefined {
    if (event.type === 'run-start') {
      this.startedAt = event.time;
      this.agentCount = event.agents.length;
      this.strategy = event.strategy;
      this.team = summarizesTeam(event.agents.length) ? new TeamProgress() : undefined;
    }
    const summed = this.team?.describe(event);
    if (summed !== undefined) return summed === '' ? undefined : summed;
    switch (event.type) {
      case 'run-start':
        return `Starting ${event.agents.length} agent${event.agents.length === 1 ? '' : 's'}: ${event.agents
          .map((agent) => `${agent.id} (${agent.provider}${agent.modelId === '' ? '' : `, ${agent.modelId}`})`)
          .join(', ')}`;
      case 'round':
        return `Round ${event.round}`;
      case 'agent-start':
        if (event.reason === 'initial') return `${event.agentId} is working on an answer`;
        // The failure before it already said the turn is tried again, and which attempt this is.
        if (event.reason === 'retry') return undefined;
        return `${event.agentId} is reviewing the latest answers (round ${event.round})`;
      case 'answer':
        return `${event.agentId} answered (${event.label}, ${plural(countWords(event.content), 'word')})`;
      case 'vote': {
        const confidence = event.confidence === undefined ? '' : ` with confidence ${event.confidence}`;
        const stale = event.stale === true ? ', out of date on arrival (newer answers came first), not counted' : '';
        return `${event.agentId} voted for ${event.targetAgentId} (${event.targetLabel}) in round ${event.round}${confidence}${stale}: ${oneLine(event.reason)}`;
      }
      case 'restart':
        return `${event.agentId} restarts: ${oneLine(event.reason)}`;
      case 'orchestration-restart':
        return `${event.agentId} restarted the coordination (attempt ${event.attempt} of ${event.maxAttempts}): ${oneLine(event.reason)}; instructions: ${oneLine(event.instructions)}`;
      case 'human-message': {
        const to = event.to === undefined ? 'every agent' : event.to.join(', ');
        if (event.late === true) return `Message to ${to} came after coordination ended; no agent saw it`;
        return `Message to ${to}: ${oneLine(event.text)}`;
      }
      case 'agent-waiting':
        return `${event.agentId} waits for ${firstAnswersOf(event.waitingFor)} before it restarts: ${oneLine(event.reason)}`;
      case 'agent-error':
        if (this.repeatsAnother(event.agentId, event.error)) return undefined;
        return event.willRetry
          ? `${event.agentId}: ${this.failure(event.agentId, event.error)}${describeRetry(event.attempt, event.retry)}`
          : `${event.agentId} failed: ${this.failure(event.agentId, event.error)}`;
      case 'agent-killed': {
        const killed =
          event.error === undefined
            ? oneLine(event.reason)
            : `${oneLine(event.reason)}: ${this.failure(event.agentId, event.error)}`;
        // A large team counts the drop; the rest of its island may have decided without it.
        const summed = this.team?.afterChange(event.agentId) ?? '';
        if (event.error !== undefined && this.repeatsAnother(event.agentId, event.error))
          return summed === '' ? undefined : summed;
        return summed === '' ? killed : `${killed}\n${summed}`;
      }
      case 'warning':
        return `warning: ${formatConfigIssue(event.warning)}`;
      case 'task-plan':
        return `${event.agentId}'s plan: ${oneLine(describePlanProgress(event.tasks))}`;
      case 'consensus': {
        const winner = event.tally.find((entry) => entry.agentId === event.winnerAgentId);
        const totalVotes = event.tally.reduce((sum, entry) => sum + entry.votes, 0);
        if (totalVotes === 0)
          return `${event.winnerAgentId}'s answer ${event.winnerLabel} is chosen, with no votes cast (${event.stopReason})`;
        return `${event.winnerAgentId} wins with ${winner?.votes ?? 0} of ${totalVotes} vote${totalVotes === 1 ? '' : 's'} (${event.stopReason})`;
      }
      case 'final':
        // A team of one answered directly: its answer line already said it all.
        if (this.strategy === 'passthrough') return undefined;
        // `agentN.final` is a presentation; any other label is an answer that stands as submitted.
        return event.label.endsWith('.final')
          ? `${event.agentId} presented the final answer`
          : `${event.agentId}'s answer ${event.label} is the final answer, as submitted`;
      case 'run-end': {
        const seconds = this.startedAt === undefined ? undefined : ((event.time - this.startedAt) / 1000).toFixed(1);
        const head = `Finished${seconds === undefined ? '' : ` in ${seconds}s`} (stop reason: ${event.stopReason})`;
        // Every agent's failure is already written above; the run's end only sums them up.
        if (event.error === undefined || event.stopReason === 'all-agents-failed') return head;
        return `${head}: ${this.failure(undefined, event.error)}`;
      }
      default:
        return undefined;
    }
  }

  get agents(): number {
    return this.agentCount;
  }

  /**
   * In a large team, a failure another agent already reported: fifty agents on one bad key would
   * otherwise write it a hundred and fifty times. The team lines count the agents it drops.
   */
  private repeatsAnother(agentId: string, error: SerializedError): boolean {
    const first = this.said.get(error.message);
    return this.team !== undefined && first !== undefined && first !== agentId;
  }

  /** A failure in full the first time; after that, which earlier line it repeats. */
  private failure(agentId: string | undefined, error: SerializedError): string {
    const first = this.said.get(error.message);
    if (first === undefined) {
      this.said.set(error.message, agentId ?? '');
      return `${error.message} (${error.code})`;
    }
    if (first === agentId || first === '') return `the same failure again (${error.code})`;
    return `the same failure as ${first} (${error.code})`;
  }
}

function describeRetry(failedAttempt: number, retry: AttemptRetry | undefined): string {
  if (retry === undefined) return '; retrying';
  const next = `attempt ${failedAttempt + 1} of ${retry.maxAttempts}`;
  if (retry.scope === 'turn') return `; the turn is tried again (${next})`;
  const wait = retry.delayMs === undefined ? '' : ` in ${(retry.delayMs / 1000).toFixed(1)}s`;
  return `; the request is sent again${wait} (${next})`;
}

function firstAnswersOf(agentIds: readonly string[]): string {
  if (agentIds.length === 1) return `${agentIds[0]}'s first answer`;
  const more = agentIds.length > 3 ? ` and ${agentIds.length - 3} more` : '';
  return `the first answers of ${agentIds.slice(0, 3).join(', ')}${more}`;
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
