import path from 'node:path';
import type { RunResult } from '@massgen/runtime';
import { displayPath } from './run-summary.js';

/**
 * The line after a run of a session that says what to do next. A run that gave an answer can be
 * followed up (`massgen --continue`); one that gave none has nothing to follow up on, so the
 * line says what helps instead: fixing what stopped the agents, where the answers given before
 * the run stopped were kept, and `massgen resume`, which goes on with the run from its record
 * (when it was recorded).
 */
export function sessionClosingHint(
  sessionId: string,
  result: Pick<RunResult, 'finalAnswer' | 'stopReason' | 'recordDirectory' | 'answers'>,
  cwd: string,
): string {
  if (result.finalAnswer !== undefined)
    return `Session ${sessionId}: massgen --continue "..." asks a follow-up with this conversation.`;
  const resume = resumeHint(result, cwd);
  if (result.stopReason === 'all-agents-failed') {
    const check =
      'Every agent failed, so there is no answer to follow up on: check the errors above (API key, model name, provider status)';
    return resume === undefined ? `${check}, then ask again.` : `${check}; then ${resume}.`;
  }
  const none = `No answer was given (${result.stopReason}), so there is nothing to follow up on`;
  return resume === undefined ? `${none}.` : `${none}: ${resume}.`;
}

/** Points at the record: its answers folder when the run kept any (so a stopped run's work is found), and resume. */
function resumeHint(result: Pick<RunResult, 'recordDirectory' | 'answers'>, cwd: string): string | undefined {
  if (result.recordDirectory === undefined) return undefined;
  const resume = 'massgen resume goes on with this run';
  const count = result.answers.length;
  if (count === 0) return resume;
  const answers = displayPath(path.join(result.recordDirectory, 'answers'), cwd);
  const given = count === 1 ? 'the answer given so far is' : `the ${count} answers given so far are`;
  return `${given} in ${answers}, and ${resume}`;
}
