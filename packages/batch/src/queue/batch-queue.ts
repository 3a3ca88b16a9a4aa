import type { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { BatchResult } from '../batch-result.js';
import type { PlannedJob } from '../batch-plan.js';
import type { ProviderLimits } from '../provider-limits.js';
import type { ResultsFile } from '../results-file.js';
import { collectResults } from './queue-collector.js';
import type { CollectOptions } from './queue-collector.js';
import { loadQueueLibraries } from './queue-libraries.js';
import { bullmqConnection, connectRedis } from './redis-connection.js';
import { submitJobs } from './queue-submit.js';

export interface OpenBatchQueueOptions {
  url: string;
  queueName: string;
  /** Where else bullmq and ioredis may be installed (the user's project, the app). */
  searchPaths?: string[];
}

export interface CollectIntoFileOptions {
  batchId: string;
  results: ResultsFile;
  onResult?: (result: BatchResult) => void;
  onRunning?: (running: number) => void;
  onJob?: CollectOptions['onJob'];
  /** Keep collecting until these have results (see `collectResults`), or until `signal`. */
  until?: { jobs: ReadonlyArray<{ id: string; config: string }>; since: number };
  signal?: AbortSignal;
}

/** The submitting side of queue mode: enqueue a batch's jobs and collect their results. */
export class BatchQueue {
  private events: QueueEvents | undefined;

  private constructor(
    private readonly queue: Queue,
    private readonly redis: Redis,
    private readonly makeEvents: () => QueueEvents,
  ) {}

  /** Connects (failing fast, naming the URL, when Redis is not there) and opens the queue. */
  static async open(options: OpenBatchQueueOptions): Promise<BatchQueue> {
    const libraries = await loadQueueLibraries(options.searchPaths);
    const redis = await connectRedis(libraries, options.url);
    const connection = bullmqConnection(options.url);
    const queue = new libraries.bullmq.Queue(options.queueName, { connection });
    return new BatchQueue(queue, redis, () => new libraries.bullmq.QueueEvents(options.queueName, { connection }));
  }

  submit(batchId: string, jobs: readonly PlannedJob[], limits: ProviderLimits) {
    return submitJobs({ queue: this.queue, batchId, jobs, limits });
  }

  async collect(options: CollectIntoFileOptions): Promise<{ collected: number }> {
    if (options.until !== undefined && this.events === undefined) {
      this.events = this.makeEvents();
      await this.events.waitUntilReady();
    }
    return collectResults({
      queue: this.queue,
      ...(this.events === undefined ? {} : { events: this.events }),
      ...options,
    });
  }

  /** Jobs of every batch on this queue, by state. */
  async counts(): Promise<{ waiting: number; active: number; completed: number; failed: number; delayed: number }> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    return {
      waiting: counts['waiting'] ?? 0,
      active: counts['active'] ?? 0,
      completed: counts['completed'] ?? 0,
      failed: counts['failed'] ?? 0,
      delayed: counts['delayed'] ?? 0,
    };
  }

  async close(): Promise<void> {
    await this.events?.close();
    await this.queue.close();
    await this.redis.quit();
  }
}
