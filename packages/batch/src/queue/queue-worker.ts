import { hostname } from 'node:os';
import path from 'node:path';
import type { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { toMassGenError } from '@massgen/core';
import { parseBatchConfiguration } from '../batch-configuration.js';
import type { BatchConfiguration } from '../batch-configuration.js';
import { runBatchJob } from '../batch-job.js';
import { CancelFanout } from '../cancel-fanout.js';
import { failedResult } from '../batch-result.js';
import type { BatchResult } from '../batch-result.js';
import type { QueueLibraries } from './queue-libraries.js';
import { limitsPrefix } from './queue-job.js';
import type { QueueJobData } from './queue-job.js';
import { RedisProviderLimiter } from './redis-provider-limiter.js';
import { bullmqConnection } from './redis-connection.js';

export interface QueueWorkerOptions {
  libraries: QueueLibraries;
  url: string;
  /** A connection for the shared provider limits (see `connectRedis`). */
  redis: Redis;
  queueName: string;
  concurrency: number;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  pluginSearchPaths: string[];
  /** Where run records go: `false` for none; `<cwd>/.massgen/runs` by default. */
  record?: false | { root: string };
  /** How long a job stays claimed without word from its worker; a killed worker's jobs are retried after it. */
  lockDurationMs?: number;
  /** Cancels the runs in progress; their jobs go back to the queue. */
  cancel: AbortSignal;
  onJobStart?: (data: QueueJobData) => void;
  onJobEnd?: (result: BatchResult) => void;
}

/**
 * Starts a BullMQ worker that runs batch jobs: each job's configuration text is parsed here
 * (with this machine's environment and keys), the run goes through the shared provider limits,
 * and the result line is the job's return value. `close()` lets running jobs finish.
 */
export function startQueueWorker(options: QueueWorkerOptions): Worker<QueueJobData, BatchResult> {
  const configurations = new Map<string, BatchConfiguration>();
  const workerName = `${hostname()}:${process.pid}`;
  const lockDuration = options.lockDurationMs ?? 30_000;
  const fanout = new CancelFanout(options.cancel);
  const processor = async (job: Job<QueueJobData, BatchResult>, token?: string): Promise<BatchResult> => {
    const { data } = job;
    options.onJobStart?.(data);
    const subject = {
      id: data.id,
      config: data.config,
      question: data.question,
      ...(data.expected === undefined ? {} : { expected: data.expected }),
    };
    let configuration = configurations.get(data.configuration.digest);
    if (configuration === undefined) {
      try {
        configuration = parseBatchConfiguration(
          { ...data.configuration, file: path.resolve(options.cwd, path.basename(data.configuration.file)) },
          { cwd: options.cwd, env: options.env },
        );
      } catch (error) {
        const failure = toMassGenError(error);
        const result = failedResult(subject, { code: failure.code, message: failure.message }, 0, workerName);
        options.onJobEnd?.(result);
        return result;
      }
      configurations.set(data.configuration.digest, configuration);
    }
    const limiter = new RedisProviderLimiter(options.redis, data.limits, { prefix: limitsPrefix(options.queueName) });
    const { signal, release } = fanout.child();
    try {
      const result = await runBatchJob({
        config: configuration.config,
        subject,
        limiter,
        cwd: options.cwd,
        pluginSearchPaths: options.pluginSearchPaths,
        ...(options.record === undefined ? {} : { record: options.record }),
        signal,
        worker: workerName,
      });
      if (result === undefined) {
        // Cancelled here: hand the job back so another worker (or this one, later) runs it.
        await job.moveToWait(token);
        throw new options.libraries.bullmq.WaitingError();
      }
      options.onJobEnd?.(result);
      return result;
    } finally {
      release();
      await limiter.close();
    }
  };
  return new options.libraries.bullmq.Worker<QueueJobData, BatchResult>(options.queueName, processor, {
    connection: bullmqConnection(options.url),
    concurrency: options.concurrency,
    lockDuration,
    stalledInterval: Math.max(500, Math.floor(lockDuration / 2)),
    maxStalledCount: 2,
    name: workerName,
  });
}
