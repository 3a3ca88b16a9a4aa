import { createScriptedAgent } from '@massgen/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentTurn } from './agent-turn.js';
import { CoordinationState } from './coordination-state.js';
import { SilenceWatch } from './silence-watch.js';

/**
 * `alpha` answered; `gamma`'s turn runs, last heard from at 0. `beta` voted with alpha, or is
 * still working, last heard from at `betaHeardAt`.
 */
function teamWithSilentGamma(options: {
  voted: boolean;
  waitingOnTool?: boolean;
  betaHeardAt?: number;
}): CoordinationState {
  const state = new CoordinationState(['alpha', 'beta', 'gamma'].map((id) => createScriptedAgent({ id, turns: [] })));
  const [alpha, beta, gamma] = state.agents;
  state.acceptAnswer(alpha!, 'A', 1);
  if (options.voted) for (const voter of [alpha!, beta!]) state.castVote(voter, 'agent1', 'fine', undefined, 2);
  else beta!.turn = { lastActivityAt: options.betaHeardAt ?? 0, waitingOnTool: false } as AgentTurn;
  gamma!.turn = { lastActivityAt: 0, waitingOnTool: options.waitingOnTool ?? false } as AgentTurn;
  return state;
}

let watch: SilenceWatch | undefined;
afterEach(() => watch?.close());

function watchAt(time: { now: number }, stragglerTimeoutMs = 120_000): SilenceWatch {
  watch = new SilenceWatch(
    stragglerTimeoutMs,
    () => undefined,
    () => time.now,
  );
  return watch;
}

describe('SilenceWatch', () => {
  it('names a silent agent at 30 s and at each doubling, saying the team will go on without it once the rest is done', () => {
    const time = { now: 29_000 };
    const silence = watchAt(time);
    const state = teamWithSilentGamma({ voted: true });
    expect(silence.review(state)).toEqual({ notices: [], stragglers: [] });
    time.now = 31_500;
    expect(silence.review(state).notices).toEqual([
      {
        type: 'warning',
        warning: {
          code: 'agent-silent',
          agentId: 'gamma',
          message:
            'gamma has sent nothing for 31 s; the rest of the team is done, so it concludes without gamma after 120 s of silence (timeout_settings.straggler_timeout_seconds)',
        },
      },
    ]);
    time.now = 45_000;
    expect(silence.review(state).notices).toEqual([]);
    time.now = 61_000;
    expect(silence.review(state).notices.map((notice) => notice.type === 'warning' && notice.warning.message)).toEqual([
      expect.stringMatching(/^gamma has sent nothing for 61 s;/),
    ]);
  });

  it('drops the silent agent at the straggler timeout, with a TIMEOUT that names the setting, and no notice beside it', () => {
    const time = { now: 120_000 };
    const silence = watchAt(time);
    const state = teamWithSilentGamma({ voted: true });
    const review = silence.review(state);
    expect(review.notices).toEqual([]);
    expect(review.stragglers.map((agent) => agent.id)).toEqual(['gamma']);
    expect(silence.stragglerError(state.agents[2]!)).toMatchObject({
      code: 'TIMEOUT',
      agentId: 'gamma',
      message:
        'Silent for 120 s while the rest of the team waited (timeout_settings.straggler_timeout_seconds; 0 waits for every agent)',
    });
  });

  it('only names a silent agent while another is still working, and never drops it then', () => {
    const time = { now: 200_000 };
    const review = watchAt(time).review(teamWithSilentGamma({ voted: false, betaHeardAt: 199_000 }));
    expect(review.stragglers).toEqual([]);
    expect(review.notices.map((notice) => notice.type === 'warning' && notice.warning.message)).toEqual([
      'gamma has sent nothing for 200 s',
    ]);
  });

  it('drops every working agent together once all of them are silent and the rest is idle', () => {
    const time = { now: 200_000 };
    const review = watchAt(time).review(teamWithSilentGamma({ voted: false }));
    expect(review.stragglers.map((agent) => agent.id)).toEqual(['beta', 'gamma']);
  });

  it('leaves an agent waiting on a tool alone, and waits for every agent when the timeout is 0', () => {
    const time = { now: 500_000 };
    expect(watchAt(time).review(teamWithSilentGamma({ voted: true, waitingOnTool: true }))).toEqual({
      notices: [],
      stragglers: [],
    });
    watch?.close();
    const waiting = watchAt(time, 0).review(teamWithSilentGamma({ voted: true }));
    expect(waiting.stragglers).toEqual([]);
    expect(waiting.notices).toHaveLength(1);
  });
});
