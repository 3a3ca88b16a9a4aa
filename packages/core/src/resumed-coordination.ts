import type { OrchestrationRestart } from './coordination-event.js';

/**
 * What a run resumed from its record (`massgen resume`) already had when it stopped: the
 * strategy goes on from here instead of starting over. Answers keep their labels; only votes
 * cast after the last answer are given, since every new answer makes the earlier votes stale.
 */
export interface ResumedCoordination {
  /** Every accepted answer, in the order they were given. */
  answers: Array<{ agentId: string; label: string; content: string; round: number }>;
  /** The votes that were still valid, with the label of the answer each is for (`agent2.1`). */
  votes: Array<{ agentId: string; targetLabel: string; reason: string; confidence?: number; round: number }>;
  /**
   * Per agent: the turns it had begun (its latest round) and finished with an answer or a vote.
   * A turn begun but not finished was cut off by the stop and is taken again in the same round.
   */
  agents: Array<{ agentId: string; turnsStarted: number; turnsCompleted: number }>;
  /** The last round announced. */
  round: number;
  /**
   * The orchestration restart that began the attempt under way, when the winner had restarted the
   * coordination (see the `orchestration-restart` event); everything above belongs to that attempt.
   */
  orchestrationRestart?: OrchestrationRestart;
  /** The person's messages so far, in order (see the `human-message` event); absent when there were none. */
  messages?: Array<{ text: string; to?: string[] }>;
  /**
   * Each `groups` event so far, in order: the stages of an `islands` or `tournament` run that had
   * opened, which the strategy restores instead of announcing them again.
   */
  groups?: Array<{ topology: 'islands' | 'tournament'; stage: number; groups: string[][] }>;
  /** The summaries of long answers made so far, by answer label (see the `answer-summary` event). */
  summaries?: Array<{ label: string; summary: string; answerWords: number; summaryWords: number; modelId: string }>;
}
