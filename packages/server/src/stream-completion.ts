import type { ServerResponse } from 'node:http';
import { toMassGenError } from '@massgen/core';
import type { RunStream } from '@massgen/runtime';
import { contentChunk, finishChunk, progressChunk, roleChunk, usageChunk } from './completion-chunks.js';
import type { CompletionIdentity } from './completion-chunks.js';
import { massgenMetadata, totalUsage } from './completion-metadata.js';
import { remainingContent } from './final-content.js';
import { errorBody, internalError, runFailureError, runSetupError, sendApiError } from './openai-errors.js';
import { SseStream } from './sse-stream.js';

export interface StreamCompletionInput {
  stream: RunStream;
  response: ServerResponse;
  identity: CompletionIdentity;
  includeUsage: boolean;
  heartbeatMs: number;
  log: (message: string) => void;
}

/**
 * Streams a run as chat completion chunks: the role first, then every coordination event as a
 * progress chunk, the final answer as content deltas, a finish chunk with the run's metadata,
 * the usage chunk when asked for, and `[DONE]`. The response starts with the run's first event,
 * so a run that cannot start still gets a proper HTTP error status.
 */
export async function streamCompletion(input: StreamCompletionInput): Promise<void> {
  const { stream, response, identity } = input;
  let sse: SseStream | undefined;
  let streamed = '';
  try {
    for await (const event of stream.events) {
      if (sse === undefined) {
        sse = new SseStream(response, input.heartbeatMs);
        identity.id = `chatcmpl-${event.runId}`;
        await sse.send(roleChunk(identity));
      }
      // Leaving the loop cancels the run: nobody is left to read its answer.
      if (sse.closed) break;
      if (event.type === 'final-delta') {
        streamed += event.text;
        await sse.send(contentChunk(identity, event.text));
      } else if (event.type === 'final') {
        const rest = remainingContent(streamed, event.content);
        streamed += rest;
        if (rest !== '') await sse.send(contentChunk(identity, rest));
      } else if (event.type !== 'run-end') {
        await sse.send(progressChunk(identity, event));
      }
    }
  } catch (error) {
    // The run rejected: before its first event it could not start; after, it broke.
    const failure = toMassGenError(error);
    if (sse === undefined) {
      input.log(`A run for model "${identity.model}" could not start: ${failure.message}`);
      sendApiError(response, runSetupError(identity.model, failure.code));
      return;
    }
    input.log(`A run for model "${identity.model}" failed after it started: ${failure.message}`);
    await sse.send(errorBody(internalError()));
    sse.done();
    return;
  }
  // Once the events have ended without an error the result is there; after a client left, this
  // waits for the cancelled run to stop, so the concurrency limit counts it until then.
  const result = await stream.result;
  if (sse === undefined || sse.closed) return;
  if (result.finalAnswer === undefined) {
    await sse.send(errorBody(runFailureError(result.stopReason, result.error)));
  } else {
    await sse.send(finishChunk(identity, massgenMetadata(result)));
    if (input.includeUsage) await sse.send(usageChunk(identity, totalUsage(result)));
  }
  sse.done();
}
