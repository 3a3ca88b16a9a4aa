import type { RunEvent } from '@massgen/core';
import type { TeamSummary } from '@massgen/run-state';
import type { MassGenMetadata, OpenAIUsage } from './completion-metadata.js';

/** What every chunk and completion of one response shares. */
export interface CompletionIdentity {
  id: string;
  /** Unix seconds. */
  created: number;
  /** The model id the client asked for. */
  model: string;
}

/** The fields that open every chunk of a stream, in OpenAI's order. */
function chunkIdentity(identity: CompletionIdentity) {
  return {
    id: identity.id,
    object: 'chat.completion.chunk' as const,
    created: identity.created,
    model: identity.model,
    system_fingerprint: null,
  };
}

function chunk(identity: CompletionIdentity, delta: Record<string, unknown>, finishReason: 'stop' | null) {
  return {
    ...chunkIdentity(identity),
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

/** The first chunk, which names the role, as OpenAI's streams begin. */
export function roleChunk(identity: CompletionIdentity) {
  return chunk(identity, { role: 'assistant', content: '' }, null);
}

export function contentChunk(identity: CompletionIdentity, text: string) {
  return chunk(identity, { content: text }, null);
}

/**
 * A coordination event for MassGen-aware clients. Its delta is empty, so plain OpenAI clients
 * add nothing to the answer; the event rides in the `massgen` extension field, with a large
 * team's summary after the events that change it.
 */
export function progressChunk(identity: CompletionIdentity, event: RunEvent, team?: TeamSummary) {
  return { ...chunk(identity, {}, null), massgen: team === undefined ? { event } : { event, team } };
}

export function finishChunk(identity: CompletionIdentity, metadata: MassGenMetadata) {
  return { ...chunk(identity, {}, 'stop'), massgen: metadata };
}

/** OpenAI sends usage in a chunk of its own, with no choices, when `stream_options.include_usage` is set. */
export function usageChunk(identity: CompletionIdentity, usage: OpenAIUsage) {
  return { ...chunkIdentity(identity), choices: [], usage };
}

export function chatCompletion(
  identity: CompletionIdentity,
  content: string,
  usage: OpenAIUsage,
  metadata: MassGenMetadata,
) {
  return {
    id: identity.id,
    object: 'chat.completion' as const,
    created: identity.created,
    model: identity.model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        message: { role: 'assistant' as const, content, refusal: null },
        logprobs: null,
        finish_reason: 'stop' as const,
      },
    ],
    usage,
    massgen: metadata,
  };
}
