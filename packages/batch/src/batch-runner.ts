import { hostname } from 'node:os';
import type { BatchResult } from './batch-result.js';
import { runBatchJob } from './batch-job.js';
import { CancelFanout } from './cancel-fanout.js';
import type { PlannedJob } from './batch-plan.js';
import type { ProviderLimiter } from './provider-limits.js';

export type BatchProgressEvent =
  | { type: 'started'; job: PlannedJob }
  | { type: 'finished'; job: PlannedJob; result: BatchResult }
  | { type: 'cancelled'; job: PlannedJob };

export interface RunBatchOptions {
  jobs: readonly PlannedJob[];
  /** Coordinations at once. */
  concurrency: number;
  limiter: ProviderLimiter;
  /** Receives each result as soon as its run ends (append it to the results file here). */
  onResult: (result: BatchResult) => void;
  onProgress?: (event: BatchProgressEvent) => void;
  cwd: string;
  pluginSearchPaths: string[];
  record?: false | { root: string };
  /** Stops starting runs; those running go on to their end. */
  stop?: AbortSignal;
  /** Cancels the runs in progress; they leave no result. */
  cancel?: AbortSignal;
}

export interface RunBatchOutcome {
  finished: number;
  failed: number;
  /** Jobs left to run: cancelled, or never started after `stop`. */
  remaining: number;
}

/** Runs the jobs, `concurrency` at a time, each result handed over as soon as it exists. */
export async function runBatch(options: RunBatchOptions): Promise<RunBatchOutcome> {
  const cancel = options.cancel ?? new AbortController().signal;
  const fanout = new CancelFanout(cancel);
  const worker = `${hostname()}:${process.pid}`;
  let next = 0;
  let finished = 0;
  let failed = 0;
  const stopped = (): boolean => options.stop?.aborted === true || cancel.aborted;
  const lane = async (): Promise<void> => {
    while (!stopped() && next < options.jobs.length) {
      const job = options.jobs[next] as PlannedJob;
      next += 1;
      options.onProgress?.({ type: 'started', job });
      const { signal, release } = fanout.child();
      const result = await runBatchJob({
        config: job.configuration.config,
        subject: {
          id: job.question.id,
          config: job.configuration.label,
          question: job.question.question,
          ...(job.question.expected === undefined ? {} : { expected: job.question.expected }),
        },
        limiter: options.limiter,
        cwd: options.cwd,
        pluginSearchPaths: options.pluginSearchPaths,
        ...(options.record === undefined ? {} : { record: options.record }),
        signal,
        worker,
      }).finally(release);
      if (result === undefined) {
        options.onProgress?.({ type: 'cancelled', job });
        continue;
      }
      options.onResult(result);
      finished += 1;
      if (result.status === 'failed') failed += 1;
      options.onProgress?.({ type: 'finished', job, result });
    }
  };
  const lanes = Math.max(1, Math.min(options.concurrency, options.jobs.length));
  try {
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    fanout.close();
  }
  return { finished, failed, remaining: options.jobs.length - finished };
}
