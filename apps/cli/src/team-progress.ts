import type { RunEvent } from '@massgen/core';
import {
  describeCounts,
  describeLeaders,
  describeMembers,
  initialRunStatus,
  listNames,
  reduceRunStatus,
  summarizeTeam,
} from '@massgen/run-state';
import type { RunStatus, TeamGroup } from '@massgen/run-state';

/** Answers and votes between two team lines: five lines or so over a team's first round. */
const linesPerRound = 5;

/**
 * Progress lines for a large team: what fifty agents do, summed up instead of told agent by
 * agent. Agents starting, answering, voting, restarting and waiting make no line of their own;
 * the team's counts and leading answers come every few answers and votes and at each round, each
 * island says when it has decided, each stage of the topology when it opens. Failures, messages,
 * warnings and the end are told as for a small team, by `ProgressLines`, except that a failure
 * another agent already reported is only counted.
 */
export class TeamProgress {
  private status: RunStatus = initialRunStatus('', 0);
  private sinceLastLine = 0;
  /** The leader each island was last said to have decided for, by `stage:group`. */
  private readonly decided = new Map<string, string>();

  /** Folds the event in; returns its line, '' for an event a large team tells nothing of, undefined to leave it to `ProgressLines`. */
  describe(event: RunEvent): string | undefined {
    this.status = reduceRunStatus(this.status, event);
    switch (event.type) {
      case 'run-start':
        return `Starting ${event.agents.length} agents: ${listNames(
          event.agents.map((agent) => agent.id),
          3,
        )} (${describeModels(event.agents)})`;
      case 'round':
        this.sinceLastLine = 0;
        return `Round ${event.round}: ${this.teamLine()}`;
      case 'groups':
        return this.describeGroups(event);
      case 'answer':
      case 'vote':
        return this.afterChange(event.agentId);
      case 'agent-start':
      case 'restart':
      case 'agent-waiting':
        return '';
      default:
        return undefined;
    }
  }

  /**
   * After `agentId` answered, voted or was dropped: its island's decision if this made it, and
   * the team line once enough of these have come since the last one ('' for neither).
   */
  afterChange(agentId: string): string {
    const lines: string[] = [];
    const decided = this.newlyDecided(agentId);
    if (decided !== undefined) lines.push(decided);
    this.sinceLastLine += 1;
    const agents = Object.keys(this.status.agents).length;
    if (this.sinceLastLine >= Math.max(1, Math.ceil(agents / linesPerRound))) {
      this.sinceLastLine = 0;
      lines.push(`Team: ${this.teamLine()}`);
    }
    return lines.join('\n');
  }

  /** `12 working, 38 answered · 38 answers · leading: agent7.1 (agent07) 12 votes, ...` */
  private teamLine(): string {
    const summary = summarizeTeam(this.status);
    const leaders = describeLeaders(summary.leaders);
    const answers = `${summary.answers} answer${summary.answers === 1 ? '' : 's'}`;
    return `${describeCounts(summary.counts)} · ${answers}${leaders === '' ? '' : ` · leading: ${leaders}`}`;
  }

  /**
   * `agentId`'s island, when its members have all voted (or dropped out) with this event: said
   * once per leader. Matches are told by the next stage instead.
   */
  private newlyDecided(agentId: string): string | undefined {
    const grouping = summarizeTeam(this.status, 0).grouping;
    if (grouping?.topology !== 'islands') return undefined;
    const group = grouping.groups.find((candidate) => candidate.agentIds.includes(agentId));
    if (group?.decided !== true || group.leader === undefined) return undefined;
    const key = `${grouping.stage}:${group.number}`;
    if (this.decided.get(key) === group.leader.label) return undefined;
    this.decided.set(key, group.leader.label);
    const name = grouping.stage > 1 ? 'The islands final' : `Island ${group.number} (${this.members(group)})`;
    return `${name} decided: ${group.leader.label} (${group.leader.agentId}) with ${group.leader.votes} of ${voters(group)} votes`;
  }

  private describeGroups(event: Extract<RunEvent, { type: 'groups' }>): string {
    const count = event.groups.length;
    if (event.topology === 'islands') {
      if (event.stage > 1) {
        const finalists = event.groups[0] ?? [];
        return `Islands final: the ${finalists.length} group winners (${listNames(finalists, 3)}) vote among themselves`;
      }
      const shown = event.groups.slice(0, 3).map((group) => describeMembers(group, Object.keys(this.status.agents)));
      const more = count > 3 ? ` and ${count - 3} more` : '';
      return `Islands: ${count} groups (${shown.join(', ')}${more}); each votes within itself, then the group winners meet`;
    }
    const entrants = event.groups.reduce((sum, group) => sum + group.length, 0);
    if (entrants === 1)
      return `Tournament stage ${event.stage}: ${event.groups[0]?.[0] ?? ''}'s answer is the last one left`;
    return `Tournament stage ${event.stage}: ${entrants} agents in ${count} match${count === 1 ? '' : 'es'}`;
  }

  private members(group: TeamGroup): string {
    return describeMembers(group.agentIds, Object.keys(this.status.agents));
  }
}

/** Members still in the run: those whose votes decided. */
function voters(group: TeamGroup): number {
  return group.agentIds.length - group.counts.failed;
}

/** `chatcompletion/model-a ×25, claude ×25`: the team's models, most used first. */
function describeModels(agents: ReadonlyArray<{ provider: string; modelId: string }>): string {
  const counts = new Map<string, number>();
  for (const agent of agents) {
    const name = agent.modelId === '' ? agent.provider : `${agent.provider}/${agent.modelId}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const models = [...counts.entries()].sort((left, right) => right[1] - left[1]);
  const named = models.slice(0, 3).map(([name, count]) => `${name} ×${count}`);
  return `${named.join(', ')}${models.length > 3 ? ` and ${models.length - 3} more models` : ''}`;
}
