import type { CoordinationEvent } from '@massgen/core';
import type { StallNotice } from './coordination-prompt.js';
import type { CoordinationState } from './coordination-state.js';
import type { StagnationStep } from './stagnation-watch.js';
import { restartStuckAgents } from './turn-restarts.js';

/** What the run does about a step of the stagnation watch: the stall its prompts carry, whether it ends, what it says. */
export interface StagnationResponse {
  /** From now on every turn carries this notice (turns already running finish as they are). */
  stall?: Omit<StallNotice, 'freshStart'>;
  /** The answers have stopped improving: the run ends with `plateau`. */
  plateau?: true;
  events: CoordinationEvent[];
}

/** Answers a step of the stagnation watch; a fresh restart restarts the stuck agents in `state` at once. */
export function respondToStagnation(step: StagnationStep, state: CoordinationState): StagnationResponse {
  const rounds = (count: number): string => `${count} round${count === 1 ? '' : 's'}`;
  switch (step.kind) {
    case 'none':
      return { events: [] };
    case 'plateau':
      return { plateau: true, events: [] };
    case 'coordination-prompt':
      return {
        stall: { rounds: step.rounds },
        events: [
          {
            type: 'warning',
            warning: {
              code: 'coordination-stalled',
              message: `No agent has submitted a novel answer in the last ${rounds(step.rounds)}; every agent still working is now asked to converge on the best answer (restart_after_stagnation).`,
            },
          },
        ],
      };
    case 'fresh-restart':
      restartStuckAgents(
        state,
        `no novel answer in ${rounds(step.rounds)}, even after the coordination prompt: restarted from a fresh context with the leading answers`,
      );
      return { stall: { rounds: step.rounds }, events: [] };
  }
}
