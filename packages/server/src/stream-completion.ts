import { toMassGenError } from '@massgen/core';
import type { RunEvent } from '@massgen/core';
import { run } from '@massgen/runtime';
import type { RunResult } from '@massgen/runtime';
import { contentChunk, finishChunk, progressChunk, roleChunk, usageChunk } from './completion-chunks.js';
import { massgenMetadata, totalUsage } from './completion-metadata.js';
import { remainingContent } from './final-content.js';
import { errorBody, internalError, runFailureError, runSetupError, sendApiError } from './openai-errors.js';
import { SseStream } from './sse-stream.js';
import { TeamProgress } from './team-progress.js';
import type { CompleteOnceInput } from './complete-once.js';

/** What a non-streamed completion takes, and how the stream reports usage and keeps the connection alive. */
export interface StreamCompletionInput extends CompleteOnceInput {
  includeUsage: boolean;
  heartbeatMs: number;
}

/**
 * Streams a run as chat completion chunks: the role first, then every coordination event as a
 * progress chunk (a large team's with its summary, see `TeamProgress`), the final answer as
 * content deltas, a finish chunk with the run's metadata, the usage chunk when asked for, and
 * `[DONE]`. The response starts with the run's first event, so a run that cannot start still
 * gets a proper HTTP error status. Events are taken as the run publishes them; a client that has
 * gone is the caller's to notice, by cancelling the run.
 */
export async function streamCompletion(input: StreamCompletionInput): Promise<void> {
  const { response, identity } = input;
  // Opened by the callback, which the compiler's narrowing does not follow: hence the cast.
  let sse = undefined as SseStream | undefined;
  let streamed = '';
  const team = new TeamProgress();
  const onEvent = (event: RunEvent): void => {
    if (sse === undefined) {
      sse = new SseStream(response, input.heartbeatMs);
      identity.id = `chatcmpl-${event.runId}`;
      sse.send(roleChunk(identity));
    }
    if (event.type === 'final-delta') {
      streamed += event.text;
      sse.send(contentChunk(identity, event.text));
    } else if (event.type === 'final') {
      const rest = remainingContent(streamed, event.content);
      streamed += rest;
      if (rest !== '') sse.send(contentChunk(identity, rest));
    } else if (event.type !== 'run-end') {
      sse.send(progressChunk(identity, event, team.after(event)));
    }
  };
  let result: RunResult;
  try {
    result = await run(input.config, input.task, {
      ...input.runOptions,
      onEvent: (event) => {
        input.runOptions.onEvent?.(event);
        onEvent(event);
      },
    });
    input.onResult?.(result);
  } catch (error) {
    // The run rejected: before its first event it could not start; after, it broke.
    const failure = toMassGenError(error);
    if (sse === undefined) {
      input.log(`A run for model "${identity.model}" could not start: ${failure.message}`);
      sendApiError(response, runSetupError(identity.model, failure.code));
      return;
    }
    input.log(`A run for model "${identity.model}" failed after it started: ${failure.message}`);
    sse.send(errorBody(internalError()));
    sse.done();
    return;
  }
  if (sse === undefined || sse.closed) return;
  if (result.finalAnswer === undefined) {
    sse.send(errorBody(runFailureError(result.stopReason, result.error)));
  } else {
    sse.send(finishChunk(identity, massgenMetadata(result)));
    if (input.includeUsage) sse.send(usageChunk(identity, totalUsage(result)));
  }
  sse.done();
}
