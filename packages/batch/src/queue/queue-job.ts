import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import type { ProviderLimits } from '../provider-limits.js';

/** What a queued job carries: one question for one configuration, as text the worker parses. */
export interface QueueJobData {
  batchId: string;
  id: string;
  config: string;
  question: string;
  expected?: unknown;
  /** The configuration as written (`${ENV}` is filled in on the worker, so keys never enter Redis). */
  configuration: { label: string; file: string; text: string; digest: string };
  limits: ProviderLimits;
}

/** The job name all batch jobs share. */
export const batchJobName = 'massgen-batch';

/**
 * The job id of a question and configuration in a batch: fixed, so enqueueing the same job
 * again while it is in the queue adds nothing. (BullMQ ids may not contain ":".)
 */
export function queueJobId(batchId: string, questionId: string, config: string): string {
  const digest = createHash('sha256').update(`${questionId}\u0000${config}`).digest('hex').slice(0, 32);
  return `${batchId}-${digest}`;
}

/** A batch is its results file on the submitting machine, unless named with --batch. */
export function defaultBatchId(outFile: string): string {
  return createHash('sha256').update(`${hostname()}\u0000${outFile}`).digest('hex').slice(0, 16);
}

/** The Redis key prefix of a queue's shared provider limits. */
export function limitsPrefix(queueName: string): string {
  return `massgen:limits:${queueName}`;
}
