/** What the coordination should do now that a round ended without a novel answer. */
export type StagnationStep =
  | { kind: 'none' }
  /** `plateauRounds` rounds without a novel answer: stop, and the leader presents. */
  | { kind: 'plateau'; rounds: number }
  /** First escalation: every agent still working is told the team is stuck. */
  | { kind: 'coordination-prompt'; rounds: number }
  /** Second escalation: agents still without a vote restart from the leading answers only. */
  | { kind: 'fresh-restart'; rounds: number };

export interface StagnationSettings {
  /** Rounds without progress before each escalation; absent or restarts disabled: none. */
  restartAfterStagnation: number | undefined;
  restartsEnabled: boolean;
  plateauRounds: number | undefined;
}

/**
 * Counts rounds without progress (a novel answer) and decides the escalation: a coordination
 * prompt after N such rounds, a fresh restart of the stuck agents N rounds later, and a stop once
 * the plateau limit is reached. Progress starts the ladder over.
 */
export class StagnationWatch {
  /** The latest round in which a novel answer was accepted; 0 before any. */
  private lastProgressRound = 0;
  private stage: 'watching' | 'prompted' | 'restarted' = 'watching';
  private escalatedAtRound = 0;

  constructor(private readonly settings: StagnationSettings) {}

  /** A novel answer was accepted from a turn of `round`. */
  progress(round: number): void {
    this.lastProgressRound = Math.max(this.lastProgressRound, round);
    this.stage = 'watching';
  }

  /** Every live agent has now finished its turn of `round`. */
  roundCompleted(round: number): StagnationStep {
    const stalled = round - this.lastProgressRound;
    const { plateauRounds, restartAfterStagnation, restartsEnabled } = this.settings;
    if (plateauRounds !== undefined && stalled >= plateauRounds) return { kind: 'plateau', rounds: stalled };
    if (!restartsEnabled || restartAfterStagnation === undefined) return { kind: 'none' };
    if (this.stage === 'watching' && stalled >= restartAfterStagnation) {
      this.stage = 'prompted';
      this.escalatedAtRound = round;
      return { kind: 'coordination-prompt', rounds: stalled };
    }
    if (this.stage === 'prompted' && round - this.escalatedAtRound >= restartAfterStagnation) {
      this.stage = 'restarted';
      return { kind: 'fresh-restart', rounds: stalled };
    }
    return { kind: 'none' };
  }
}
