import type { Queue } from 'bullmq';
import type { PlannedJob } from '../batch-plan.js';
import type { ProviderLimits } from '../provider-limits.js';
import { batchJobName, queueJobId } from './queue-job.js';
import type { QueueJobData } from './queue-job.js';

export interface SubmitOptions {
  queue: Queue;
  batchId: string;
  jobs: readonly PlannedJob[];
  limits: ProviderLimits;
  /** How often a job whose worker died may be picked up again before it counts as failed. */
  attempts?: number;
}

/**
 * Enqueues the jobs that are not already in the queue (waiting, running, or done and not yet
 * collected). Returns how many were added and how many were there already.
 */
export async function submitJobs(options: SubmitOptions): Promise<{ enqueued: number; alreadyQueued: number }> {
  const ids = options.jobs.map((job) => queueJobId(options.batchId, job.question.id, job.configuration.label));
  const existing = await Promise.all(ids.map((id) => options.queue.getJob(id)));
  const fresh = options.jobs.filter((_, index) => existing[index] === undefined);
  const chunk = 500;
  for (let start = 0; start < fresh.length; start += chunk) {
    await options.queue.addBulk(
      fresh.slice(start, start + chunk).map((job) => ({
        name: batchJobName,
        data: jobData(job, options),
        opts: {
          jobId: queueJobId(options.batchId, job.question.id, job.configuration.label),
          attempts: options.attempts ?? 3,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: false,
          removeOnFail: false,
        },
      })),
    );
  }
  return { enqueued: fresh.length, alreadyQueued: options.jobs.length - fresh.length };
}

function jobData(job: PlannedJob, options: SubmitOptions): QueueJobData {
  const { configuration, question } = job;
  return {
    batchId: options.batchId,
    id: question.id,
    config: configuration.label,
    question: question.question,
    ...(question.expected === undefined ? {} : { expected: question.expected }),
    configuration: {
      label: configuration.label,
      file: configuration.file,
      text: configuration.text,
      digest: configuration.digest,
    },
    limits: options.limits,
  };
}
