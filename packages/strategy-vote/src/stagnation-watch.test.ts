import { describe, expect, it } from 'vitest';
import { StagnationWatch } from './stagnation-watch.js';

describe('stagnation watch', () => {
  it('prompts after N rounds without progress, restarts N rounds later, and does nothing more', () => {
    const watch = new StagnationWatch({ restartAfterStagnation: 2, restartsEnabled: true, plateauRounds: undefined });
    watch.progress(1);
    expect(watch.roundCompleted(1)).toEqual({ kind: 'none' });
    expect(watch.roundCompleted(2)).toEqual({ kind: 'none' });
    expect(watch.roundCompleted(3)).toEqual({ kind: 'coordination-prompt', rounds: 2 });
    expect(watch.roundCompleted(4)).toEqual({ kind: 'none' });
    expect(watch.roundCompleted(5)).toEqual({ kind: 'fresh-restart', rounds: 4 });
    expect(watch.roundCompleted(6)).toEqual({ kind: 'none' });
    expect(watch.roundCompleted(9)).toEqual({ kind: 'none' });
  });

  it('starts the ladder over when a novel answer arrives', () => {
    const watch = new StagnationWatch({ restartAfterStagnation: 1, restartsEnabled: true, plateauRounds: undefined });
    watch.progress(1);
    expect(watch.roundCompleted(2)).toEqual({ kind: 'coordination-prompt', rounds: 1 });
    watch.progress(3);
    expect(watch.roundCompleted(3)).toEqual({ kind: 'none' });
    expect(watch.roundCompleted(4)).toEqual({ kind: 'coordination-prompt', rounds: 1 });
  });

  it('counts progress made ahead of the round being completed as progress', () => {
    const watch = new StagnationWatch({ restartAfterStagnation: 1, restartsEnabled: true, plateauRounds: 1 });
    watch.progress(3);
    expect(watch.roundCompleted(2)).toEqual({ kind: 'none' });
  });

  it('does not escalate when restarts are disabled or no stagnation limit is set', () => {
    const disabled = new StagnationWatch({
      restartAfterStagnation: 1,
      restartsEnabled: false,
      plateauRounds: undefined,
    });
    const unset = new StagnationWatch({
      restartAfterStagnation: undefined,
      restartsEnabled: true,
      plateauRounds: undefined,
    });
    for (const round of [1, 2, 3, 4]) {
      expect(disabled.roundCompleted(round)).toEqual({ kind: 'none' });
      expect(unset.roundCompleted(round)).toEqual({ kind: 'none' });
    }
  });

  it('reports a plateau once the plateau limit is reached, ahead of an escalation due the same round', () => {
    const watch = new StagnationWatch({ restartAfterStagnation: 2, restartsEnabled: true, plateauRounds: 2 });
    watch.progress(1);
    expect(watch.roundCompleted(2)).toEqual({ kind: 'none' });
    expect(watch.roundCompleted(3)).toEqual({ kind: 'plateau', rounds: 2 });
  });
});
