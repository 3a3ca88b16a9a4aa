import type { StrategyContext } from '@massgen/core';

/** Why coordination was stopped from outside the agents' turns. */
export type LimitReason = 'timeout' | 'answer-now' | 'cancelled';

export type LimitInput = { kind: 'limit'; reason: LimitReason };

/**
 * Turns the run's limits into queue inputs: the whole-run timer and the two signals. Returns
 * the function that stops watching; a signal that is already aborted reports at once.
 */
export function watchLimits(
  context: Pick<StrategyContext, 'signal' | 'answerNow'>,
  timeoutMs: number | undefined,
  push: (input: LimitInput) => void,
): () => void {
  const onCancel = (): void => push({ kind: 'limit', reason: 'cancelled' });
  const onAnswerNow = (): void => push({ kind: 'limit', reason: 'answer-now' });
  const timer =
    timeoutMs === undefined ? undefined : setTimeout(() => push({ kind: 'limit', reason: 'timeout' }), timeoutMs);
  if (context.signal.aborted) onCancel();
  else context.signal.addEventListener('abort', onCancel, { once: true });
  if (context.answerNow.aborted) onAnswerNow();
  else context.answerNow.addEventListener('abort', onAnswerNow, { once: true });
  return () => {
    clearTimeout(timer);
    context.signal.removeEventListener('abort', onCancel);
    context.answerNow.removeEventListener('abort', onAnswerNow);
  };
}
