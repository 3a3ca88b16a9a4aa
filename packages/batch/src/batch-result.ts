import { teamUsage } from '@massgen/runtime';
import type { RunResult } from '@massgen/runtime';

/** One line of the results file: one question answered by one configuration. */
export interface BatchResult {
  id: string;
  /** The configuration's label (its file name without extension, unless two share one). */
  config: string;
  /** `failed` when the run ended without a final answer (or could not start). */
  status: 'done' | 'failed';
  question: string;
  answer?: string;
  winner?: string;
  stopReason: string;
  error?: { code: string; message: string };
  expected?: unknown;
  tokens: { input: number; output: number; total: number };
  costUsd: number;
  durationMs: number;
  /** The run record's directory, on the machine that ran it. */
  record?: string;
  /** The host and process that ran it (queue mode). */
  worker?: string;
  finishedAt: string;
}

/** The key a result is stored under: a question answered by a configuration. */
export function resultKey(questionId: string, config: string): string {
  return JSON.stringify([questionId, config]);
}

export interface ResultSubject {
  id: string;
  config: string;
  question: string;
  expected?: unknown;
}

export function resultFromRun(subject: ResultSubject, run: RunResult, worker?: string): BatchResult {
  const { usage, tokens, costUsd } = teamUsage(run.usage);
  const failed = run.finalAnswer === undefined;
  return {
    ...subjectFields(subject),
    status: failed ? 'failed' : 'done',
    ...(run.finalAnswer === undefined ? {} : { answer: run.finalAnswer }),
    ...(run.winnerAgentId === undefined ? {} : { winner: run.winnerAgentId }),
    stopReason: run.stopReason,
    ...(run.error === undefined ? {} : { error: briefError(run.error) }),
    tokens: { input: usage.inputTokens ?? 0, output: usage.outputTokens ?? 0, total: tokens },
    costUsd,
    durationMs: run.durationMs,
    ...(run.recordDirectory === undefined ? {} : { record: run.recordDirectory }),
    ...(worker === undefined ? {} : { worker }),
    finishedAt: new Date().toISOString(),
  };
}

/** A run that could not start (a configuration or plugin problem) or a job the queue gave up on. */
export function failedResult(
  subject: ResultSubject,
  error: { code: string; message: string },
  durationMs: number,
  worker?: string,
): BatchResult {
  return {
    ...subjectFields(subject),
    status: 'failed',
    stopReason: 'error',
    error: briefError(error),
    tokens: { input: 0, output: 0, total: 0 },
    costUsd: 0,
    durationMs,
    ...(worker === undefined ? {} : { worker }),
    finishedAt: new Date().toISOString(),
  };
}

function subjectFields(subject: ResultSubject): Pick<BatchResult, 'id' | 'config' | 'question' | 'expected'> {
  return {
    id: subject.id,
    config: subject.config,
    question: subject.question,
    ...(subject.expected === undefined ? {} : { expected: subject.expected }),
  };
}

function briefError(error: { code: string; message: string }): { code: string; message: string } {
  return { code: error.code, message: error.message };
}
