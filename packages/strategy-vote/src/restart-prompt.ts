import { quoteBlock, wrapBlock } from './quoted-data.js';

/** Why the team starts again, shown at the top of every agent's prompt in the new attempt. */
export interface RestartContext {
  /** The attempt now under way, from 2. */
  attempt: number;
  maxAttempts: number;
  reason: string;
  instructions: string;
  /** The final answer of the attempt that was restarted. */
  previousAnswer: string;
}

/** The section that opens every coordination prompt of an attempt after a restart. */
export function describeRestart(restart: RestartContext): string {
  return wrapBlock(
    'orchestration_restart',
    [
      `This is attempt ${restart.attempt} of ${restart.maxAttempts} at the task. The previous attempt ended with the final answer below, and its reviewer judged that it falls short, so the team starts again: the answers and votes of that attempt are gone.`,
      'Why it was restarted:',
      quoteBlock('restart_reason', restart.reason),
      'What to do differently:',
      quoteBlock('restart_instructions', restart.instructions),
      'The final answer of the previous attempt, to improve on rather than repeat:',
      quoteBlock('previous_final_answer', restart.previousAnswer),
    ].join('\n'),
  );
}
