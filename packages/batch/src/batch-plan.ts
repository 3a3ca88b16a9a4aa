import type { BatchConfiguration } from './batch-configuration.js';
import type { BatchQuestion } from './batch-question.js';
import type { ResultsFile } from './results-file.js';

export interface PlannedJob {
  question: BatchQuestion;
  configuration: BatchConfiguration;
}

export interface BatchPlan {
  /** Every question × configuration. */
  total: number;
  /** Those still to run, question by question, so pairs complete early. */
  pending: PlannedJob[];
  /** Already answered in the results file. */
  done: number;
  /** Failed in the results file and kept (not retried). */
  keptFailures: number;
}

/** What is left to run: each question × configuration without a result (or with a failed one, on request). */
export function planBatch(
  questions: readonly BatchQuestion[],
  configurations: readonly BatchConfiguration[],
  results: Pick<ResultsFile, 'get'>,
  retryFailed: boolean,
): BatchPlan {
  const pending: PlannedJob[] = [];
  let done = 0;
  let keptFailures = 0;
  for (const question of questions) {
    for (const configuration of configurations) {
      const existing = results.get(question.id, configuration.label);
      if (existing === undefined || (existing.status === 'failed' && retryFailed)) {
        pending.push({ question, configuration });
      } else if (existing.status === 'failed') {
        keptFailures += 1;
      } else {
        done += 1;
      }
    }
  }
  return { total: questions.length * configurations.length, pending, done, keptFailures };
}
