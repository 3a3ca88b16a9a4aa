export { BatchQueue, type CollectIntoFileOptions, type OpenBatchQueueOptions } from './batch-queue.js';
export { importQueueLibrary, loadQueueLibraries, queueInstallHint, type QueueLibraries } from './queue-libraries.js';
export { displayRedisUrl, redisOptionsFromUrl } from './redis-url.js';
export { bullmqConnection, connectRedis } from './redis-connection.js';
export { RedisProviderLimiter, type RedisProviderLimiterOptions } from './redis-provider-limiter.js';
export { batchJobName, defaultBatchId, limitsPrefix, queueJobId, type QueueJobData } from './queue-job.js';
export { submitJobs, type SubmitOptions } from './queue-submit.js';
export { collectResults, type CollectOptions } from './queue-collector.js';
export { startQueueWorker, type QueueWorkerOptions } from './queue-worker.js';
