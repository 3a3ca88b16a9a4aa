import type { ServerResponse } from 'node:http';
import { toMassGenError } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { run } from '@massgen/runtime';
import type { RunOptions, RunResult } from '@massgen/runtime';
import { chatCompletion } from './completion-chunks.js';
import type { CompletionIdentity } from './completion-chunks.js';
import { massgenMetadata, totalUsage } from './completion-metadata.js';
import { runFailureError, runSetupError, sendApiError } from './openai-errors.js';
import { sendJson } from './send-json.js';

export interface CompleteOnceInput {
  config: MassGenConfig;
  task: string;
  runOptions: RunOptions;
  response: ServerResponse;
  identity: CompletionIdentity;
  log: (message: string) => void;
  /** Sees the run's result once it has ended (a session keeps its answer). */
  onResult?: (result: RunResult) => void;
}

/** Runs the team to the end and answers with one `chat.completion`. */
export async function completeOnce(input: CompleteOnceInput): Promise<void> {
  const { response, identity } = input;
  let result: RunResult;
  try {
    result = await run(input.config, input.task, input.runOptions);
    input.onResult?.(result);
  } catch (error) {
    const failure = toMassGenError(error);
    input.log(`A run for model "${identity.model}" could not start: ${failure.message}`);
    sendApiError(response, runSetupError(identity.model, failure.code));
    return;
  }
  if (result.finalAnswer === undefined) {
    sendApiError(response, runFailureError(result.stopReason, result.error));
    return;
  }
  identity.id = `chatcmpl-${result.runId}`;
  sendJson(response, 200, chatCompletion(identity, result.finalAnswer, totalUsage(result), massgenMetadata(result)));
}
