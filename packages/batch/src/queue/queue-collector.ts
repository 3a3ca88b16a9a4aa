import type { Job, Queue, QueueEvents } from 'bullmq';
import { failedResult } from '../batch-result.js';
import type { BatchResult } from '../batch-result.js';
import type { ResultsFile } from '../results-file.js';
import type { QueueJobData } from './queue-job.js';

export interface CollectOptions {
  queue: Queue;
  /** Wakes the collector as soon as a job ends; without it, it looks every `intervalMs`. */
  events?: QueueEvents;
  batchId: string;
  results: ResultsFile;
  onResult?: (result: BatchResult) => void;
  /** Sees each finished job before it is removed (its BullMQ timestamps, for measurements). */
  onJob?: (job: { processedOn?: number; finishedOn?: number; timestamp: number; returnvalue: BatchResult }) => void;
  /**
   * The results to wait for, each answered after `since` unless it is a success already;
   * without it, collects what is there and returns.
   */
  until?: { jobs: ReadonlyArray<{ id: string; config: string }>; since: number };
  /** Called after each look with the number of this batch's jobs running. */
  onRunning?: (running: number) => void;
  signal?: AbortSignal;
  intervalMs?: number;
}

/**
 * Moves the results of finished jobs into the results file, then removes the jobs. A result is
 * appended before its job is removed, and one the file already holds is not appended again, so
 * a collector that stops between the two leaves no duplicate behind.
 */
export async function collectResults(options: CollectOptions): Promise<{ collected: number }> {
  let collected = 0;
  const interval = options.intervalMs ?? 1000;
  for (;;) {
    collected += await sweep(options);
    if (options.onRunning !== undefined) {
      const active = (await options.queue.getJobs(['active'])) as Array<Job<QueueJobData> | undefined>;
      options.onRunning(active.filter((job) => job?.data.batchId === options.batchId).length);
    }
    if (options.until === undefined || options.signal?.aborted === true) return { collected };
    if (options.until.jobs.every((job) => answered(options.results.get(job.id, job.config), options.until?.since ?? 0)))
      return { collected };
    await nextEvent(options.events, interval, options.signal);
  }
}

function answered(result: BatchResult | undefined, since: number): boolean {
  return result !== undefined && (result.status === 'done' || Date.parse(result.finishedAt) >= since);
}

async function sweep(options: CollectOptions): Promise<number> {
  let collected = 0;
  for (const state of ['completed', 'failed'] as const) {
    const jobs = (await options.queue.getJobs([state])) as Array<Job<QueueJobData, BatchResult> | undefined>;
    for (const job of jobs) {
      if (job === undefined || job.data.batchId !== options.batchId) continue;
      const result = state === 'completed' ? job.returnvalue : givenUp(job);
      if (state === 'completed') options.onJob?.(job);
      if (isNew(result, job, options.results)) {
        options.results.append(result);
        options.onResult?.(result);
        collected += 1;
      }
      await job.remove().catch(() => {});
    }
  }
  return collected;
}

/** A result is new unless the file has one, or has a failed one written after this job was queued. */
function isNew(result: BatchResult, job: Job, results: ResultsFile): boolean {
  const existing = results.get(result.id, result.config);
  if (existing === undefined) return true;
  return existing.status === 'failed' && Date.parse(existing.finishedAt) < job.timestamp;
}

/** A job BullMQ gave up on (it stalled too often, or its worker threw). */
function givenUp(job: Job<QueueJobData>): BatchResult {
  return failedResult(
    {
      id: job.data.id,
      config: job.data.config,
      question: job.data.question,
      ...(job.data.expected === undefined ? {} : { expected: job.data.expected }),
    },
    { code: 'QUEUE_JOB_FAILED', message: job.failedReason || 'the queue gave up on this job' },
    (job.finishedOn ?? Date.now()) - (job.processedOn ?? job.timestamp),
  );
}

function nextEvent(events: QueueEvents | undefined, timeoutMs: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      events?.off('completed', finish);
      events?.off('failed', finish);
      signal?.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    events?.on('completed', finish);
    events?.on('failed', finish);
    signal?.addEventListener('abort', finish, { once: true });
  });
}
