import { toMassGenError } from '@massgen/core';
import { run } from '@massgen/runtime';
import { failedResult, resultFromRun } from './batch-result.js';
import type { BatchResult, ResultSubject } from './batch-result.js';
import { limitBackend } from './limited-backend.js';
import type { MassGenConfig } from '@massgen/config';
import type { ProviderLimiter } from './provider-limits.js';

export interface BatchJobOptions {
  config: MassGenConfig;
  subject: ResultSubject;
  limiter: ProviderLimiter;
  cwd: string;
  pluginSearchPaths: string[];
  /** Where run records go; `false` writes none; the default is `<cwd>/.massgen/runs`. */
  record?: false | { root: string };
  /** Cancels the run; a cancelled run has no result. */
  signal: AbortSignal;
  /** Who ran it, for the result line (queue mode). */
  worker?: string;
}

/**
 * Runs one question on one configuration and turns the run into a result line. Returns
 * `undefined` for a run cancelled before it ended, so that a restart runs it again.
 */
export async function runBatchJob(options: BatchJobOptions): Promise<BatchResult | undefined> {
  const startedAt = Date.now();
  try {
    const result = await run(options.config, options.subject.question, {
      cwd: options.cwd,
      pluginSearchPaths: options.pluginSearchPaths,
      signal: options.signal,
      ...(options.record === undefined ? {} : { record: options.record }),
      wrapBackend: (backend) => limitBackend(backend, options.limiter),
    });
    if (result.stopReason === 'cancelled' || (options.signal.aborted && result.finalAnswer === undefined))
      return undefined;
    return resultFromRun(options.subject, result, options.worker);
  } catch (error) {
    if (options.signal.aborted) return undefined;
    const failure = toMassGenError(error);
    return failedResult(
      options.subject,
      { code: failure.code, message: failure.message },
      Date.now() - startedAt,
      options.worker,
    );
  }
}
