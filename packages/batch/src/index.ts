export { readBatchQuestions } from './batch-question.js';
export type { BatchQuestion } from './batch-question.js';
export { failedResult, resultFromRun, resultKey } from './batch-result.js';
export type { BatchResult, ResultSubject } from './batch-result.js';
export { ResultsFile } from './results-file.js';
export { digestOf, loadBatchConfigurations, parseBatchConfiguration } from './batch-configuration.js';
export type { BatchConfiguration, LoadConfigurationsOptions } from './batch-configuration.js';
export { planBatch } from './batch-plan.js';
export type { BatchPlan, PlannedJob } from './batch-plan.js';
export { runBatchJob } from './batch-job.js';
export type { BatchJobOptions } from './batch-job.js';
export { runBatch } from './batch-runner.js';
export type { BatchProgressEvent, RunBatchOptions, RunBatchOutcome } from './batch-runner.js';
export { BatchProgress, describeResult, formatDuration } from './batch-progress.js';
export type { BatchProgressOptions } from './batch-progress.js';
export { limitBackend } from './limited-backend.js';
export { MemoryProviderLimiter } from '@massgen/runtime';
export { abortError, limitFor, parseProviderLimits } from './provider-limits.js';
export type { ProviderLimit, ProviderLimiter, ProviderLimits } from './provider-limits.js';
export {
  builtinScorerNames,
  exactScore,
  lastNumber,
  loadScorer,
  normalizeAnswer,
  numericScore,
  regexScore,
} from './scorers.js';
export type { Score, ScoreInput, Scorer, ScorerFunction } from './scorers.js';
export { formatSummary, summarizeResults } from './batch-summary.js';
export type { BatchSummary, ConfigurationSummary, PairSummary } from './batch-summary.js';
export { mcNemarExact, pairedDifference, wilsonInterval } from './statistics.js';
export type { Interval, PairedDifference } from './statistics.js';
