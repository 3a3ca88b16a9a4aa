import { MassGenError } from '@massgen/core';
import type { AgentHandle, SerializedError } from '@massgen/core';
import type { VotingMethod } from './vote-setting-types.js';
import type { AgentTurn, TurnReason } from './agent-turn.js';
import type { AttemptFeedback } from './coordination-prompt.js';
import type { TakenMessage } from './human-messages.js';
import type { TournamentBracket } from './tournament.js';
import { tallyVotes } from './vote-tally.js';
import type { VoteTally } from './vote-tally.js';
import type { OfferedTools } from './workflow-tools.js';

export interface Answer {
  agentId: string;
  /** The author's anonymous label, such as `agent2`. */
  agentLabel: string;
  /** The answer's own label: author label and the author's answer count, such as `agent2.1`. */
  label: string;
  content: string;
  /** Position among all answers of the run, from 1. */
  sequence: number;
  round: number;
}

export interface CastVote {
  voterId: string;
  voterLabel: string;
  targetAgentId: string;
  targetAgentLabel: string;
  /** Label of the answer voted for, such as `agent2.1`. */
  targetLabel: string;
  reason: string;
  confidence?: number;
  round: number;
}

/** The next turn or attempt an agent should take, once it may. */
export interface PendingTurn {
  reason: TurnReason;
  attempt: number;
  /** For `restart`: why the agent's view had to be refreshed, for the `restart` event. */
  restartReason?: string;
  feedback?: AttemptFeedback;
  /**
   * The turn replaces one that was stopped before it ended (interrupted, or restarted on
   * stagnation), so it belongs to the same round and does not use up one of `max_rounds`.
   */
  continuesRound?: boolean;
  /** The short last attempt after running past the round's time limit. */
  wrapUp?: boolean;
  /** Restart from a fresh context that shows only the leading answers. */
  freshStart?: boolean;
  /** The turn replaces one interrupted by a new answer. */
  afterInterruption?: boolean;
  /** The turn's wait for first answers was announced (`agent-waiting`), so it is said once. */
  waitAnnounced?: boolean;
}

export interface AgentRecord {
  readonly handle: AgentHandle;
  readonly id: string;
  readonly label: string;
  alive: boolean;
  turnsStarted: number;
  /** Turns that ended with a valid workflow call; the round of the latest one. */
  turnsCompleted: number;
  /** Turns interrupted since the agent last finished one. */
  interruptionsInARow: number;
  answerCount: number;
  /** Sequence of the agent's first answer; decides the winner when nobody has voted. */
  firstAnswerSequence: number | undefined;
  currentAnswer: Answer | undefined;
  /** A vote cast on the current answers; cleared by every new answer. */
  vote: CastVote | undefined;
  turn: AgentTurn | undefined;
  pending: PendingTurn | undefined;
  /** Why the agent was stopped, once it is no longer alive. */
  failure: SerializedError | undefined;
}

/** The facts of one coordination: agents, answers and votes. The rules live in the run. */
export class CoordinationState {
  readonly agents: readonly AgentRecord[];
  /** The same agents by id: looked up for every part of every turn. */
  private readonly byId: ReadonlyMap<string, AgentRecord>;
  /** Rounds announced so far: the highest turn any agent has begun. */
  round = 0;
  /**
   * `islands`: the authors of the group winners, once the final round among them has begun;
   * each is then shown the group winners' answers instead of its group's.
   */
  finalists: ReadonlySet<string> | undefined;
  /** `tournament`: the bracket; only the answers of its contenders can win. */
  bracket: TournamentBracket | undefined;
  /** The person's messages taken in so far, in order. */
  readonly messages: TakenMessage[] = [];
  private answerTotal = 0;

  constructor(handles: readonly AgentHandle[]) {
    if (handles.length === 0) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: 'The vote strategy needs at least one agent; the run was given none.',
      });
    }
    const seen = new Set<string>();
    for (const handle of handles) {
      if (seen.has(handle.id)) {
        throw new MassGenError({
          code: 'CONFIG_INVALID',
          message: `Agent id "${handle.id}" is used by more than one agent; every agent needs its own id.`,
        });
      }
      seen.add(handle.id);
    }
    this.agents = handles.map((handle, index) => ({
      handle,
      id: handle.id,
      label: `agent${index + 1}`,
      alive: true,
      turnsStarted: 0,
      turnsCompleted: 0,
      interruptionsInARow: 0,
      answerCount: 0,
      firstAnswerSequence: undefined,
      currentAnswer: undefined,
      vote: undefined,
      turn: undefined,
      pending: undefined,
      failure: undefined,
    }));
    this.byId = new Map(this.agents.map((agent) => [agent.id, agent]));
  }

  /** Grows with every accepted answer; a turn built on an older version is stale. */
  get answersVersion(): number {
    return this.answerTotal;
  }

  live(): AgentRecord[] {
    return this.agents.filter((agent) => agent.alive);
  }

  agentById(agentId: string): AgentRecord | undefined {
    return this.byId.get(agentId);
  }

  /** The latest answer of each agent that has one, in configuration order. */
  currentAnswers(): Answer[] {
    return this.agents.flatMap((agent) => (agent.currentAnswer === undefined ? [] : [agent.currentAnswer]));
  }

  /** Tools for a turn that is shown `answers` (all current answers unless given). */
  offeredFor(
    agent: AgentRecord,
    maxNewAnswersPerAgent: number | undefined,
    answers: readonly Answer[] = this.currentAnswers(),
  ): OfferedTools {
    return {
      labels: answers.map((answer) => answer.agentLabel),
      newAnswer: maxNewAnswersPerAgent === undefined || agent.answerCount < maxNewAnswersPerAgent,
    };
  }

  /** Rounds every live agent has finished a turn of; stalls while any of them is still working. */
  roundsCompletedByAll(): number {
    const live = this.live();
    return live.length === 0 ? 0 : Math.min(...live.map((agent) => agent.turnsCompleted));
  }

  /**
   * The answers a fresh start is seeded with: those holding votes, most weight first, or the
   * current winner when nobody has voted; at most `limit`, in configuration order.
   */
  leadingAnswers(method: VotingMethod, limit: number): Answer[] {
    const tally = this.tally(method);
    const backed = tally.entries
      .filter((entry) => entry.votes > 0)
      .sort((first, second) => second.weight - first.weight);
    const chosen = backed.length > 0 ? backed.slice(0, limit) : tally.winner === undefined ? [] : [tally.winner];
    const labels = new Set(chosen.map((entry) => entry.label));
    return this.currentAnswers().filter((answer) => labels.has(answer.label));
  }

  /**
   * Records an answer and drops the votes it makes out of date: every vote, unless `keepsVote`
   * says a voter's still stands (it cannot see the answer). Returns the voters of both kinds.
   */
  acceptAnswer(
    agent: AgentRecord,
    content: string,
    round: number,
    keepsVote: (voter: AgentRecord) => boolean = () => false,
  ): { answer: Answer; invalidated: AgentRecord[]; kept: AgentRecord[] } {
    this.answerTotal += 1;
    agent.answerCount += 1;
    agent.firstAnswerSequence ??= this.answerTotal;
    const answer: Answer = {
      agentId: agent.id,
      agentLabel: agent.label,
      label: `${agent.label}.${agent.answerCount}`,
      content,
      sequence: this.answerTotal,
      round,
    };
    agent.currentAnswer = answer;
    const voters = this.agents.filter((each) => each.vote !== undefined);
    const kept = voters.filter(
      (voter) => voter !== agent && voter.vote?.targetAgentId !== agent.id && keepsVote(voter),
    );
    const invalidated = voters.filter((voter) => !kept.includes(voter));
    for (const voter of invalidated) voter.vote = undefined;
    return { answer, invalidated, kept };
  }

  castVote(
    voter: AgentRecord,
    targetAgentLabel: string,
    reason: string,
    confidence: number | undefined,
    round: number,
  ): CastVote {
    const target = this.agents.find((agent) => agent.label === targetAgentLabel);
    const answer = target?.currentAnswer;
    if (target === undefined || answer === undefined) {
      throw new MassGenError({ code: 'INTERNAL', message: `No current answer is labelled ${targetAgentLabel}.` });
    }
    const vote: CastVote = {
      voterId: voter.id,
      voterLabel: voter.label,
      targetAgentId: target.id,
      targetAgentLabel: target.label,
      targetLabel: answer.label,
      reason,
      round,
      ...(confidence === undefined ? {} : { confidence }),
    };
    voter.vote = vote;
    return vote;
  }

  /** Valid votes of live agents, in configuration order of the voters. */
  votes(): CastVote[] {
    return this.live().flatMap((agent) => (agent.vote === undefined ? [] : [agent.vote]));
  }

  tally(method: VotingMethod): VoteTally {
    const candidates = this.currentAnswers().map((answer) => ({
      label: answer.label,
      agentId: answer.agentId,
      firstAnsweredAt: this.agentById(answer.agentId)?.firstAnswerSequence ?? answer.sequence,
    }));
    const tally = tallyVotes(candidates, this.votes(), method);
    const contenders = this.bracket?.contenders;
    if (contenders === undefined) return tally;
    // Every answer keeps its count, but only one still in the tournament can win.
    const inTournament = candidates.filter((candidate) => contenders.includes(candidate.agentId));
    return { entries: tally.entries, winner: tallyVotes(inTournament, this.votes(), method).winner };
  }
}
