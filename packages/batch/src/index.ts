export { readBatchQuestions, type BatchQuestion } from './batch-question.js';
export { failedResult, resultFromRun, resultKey, type BatchResult, type ResultSubject } from './batch-result.js';
export { ResultsFile } from './results-file.js';
export {
  digestOf,
  loadBatchConfigurations,
  parseBatchConfiguration,
  type BatchConfiguration,
  type LoadConfigurationsOptions,
} from './batch-configuration.js';
export { planBatch, type BatchPlan, type PlannedJob } from './batch-plan.js';
export { runBatchJob, type BatchJobOptions } from './batch-job.js';
export { runBatch, type BatchProgressEvent, type RunBatchOptions, type RunBatchOutcome } from './batch-runner.js';
export { BatchProgress, describeResult, formatDuration, type BatchProgressOptions } from './batch-progress.js';
export { limitBackend } from './limited-backend.js';
export { MemoryProviderLimiter } from '@massgen/runtime';
export {
  abortError,
  limitFor,
  parseProviderLimits,
  type ProviderLimit,
  type ProviderLimiter,
  type ProviderLimits,
} from './provider-limits.js';
export {
  builtinScorerNames,
  exactScore,
  lastNumber,
  loadScorer,
  normalizeAnswer,
  numericScore,
  regexScore,
  type Score,
  type ScoreInput,
  type Scorer,
  type ScorerFunction,
} from './scorers.js';
export {
  formatSummary,
  summarizeResults,
  type BatchSummary,
  type ConfigurationSummary,
  type PairSummary,
} from './batch-summary.js';
export { mcNemarExact, pairedDifference, wilsonInterval, type Interval, type PairedDifference } from './statistics.js';
