import type { RunResult } from '@massgen/runtime';

/**
 * The line after a run of a session that says what to do next. A run that gave an answer can be
 * followed up (`massgen --continue`); one that gave none has nothing to follow up on, so the
 * line says what helps instead: fixing what stopped the agents, and `massgen resume`, which
 * goes on with the run from its record (when it was recorded).
 */
export function sessionClosingHint(
  sessionId: string,
  result: Pick<RunResult, 'finalAnswer' | 'stopReason' | 'recordDirectory'>,
): string {
  if (result.finalAnswer !== undefined)
    return `Session ${sessionId}: massgen --continue "..." asks a follow-up with this conversation.`;
  const resume = result.recordDirectory === undefined ? undefined : 'massgen resume goes on with this run';
  if (result.stopReason === 'all-agents-failed') {
    const check =
      'Every agent failed, so there is no answer to follow up on: check the errors above (API key, model name, provider status)';
    return resume === undefined ? `${check}, then ask again.` : `${check}; then ${resume}.`;
  }
  const none = `No answer was given (${result.stopReason}), so there is nothing to follow up on`;
  return resume === undefined ? `${none}.` : `${none}: ${resume}.`;
}
