import { abortedRequestError, unfinishedStreamError } from '@massgen/backend-utils';
import type { StreamPart, Usage } from '@massgen/core';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import { LiveSearchReport } from './live-search.js';
import { mapFinishReason } from './map-finish-reason.js';
import { ToolCallAccumulator } from './tool-call-accumulator.js';

export interface ChatStreamOptions {
  providerName: string;
  signal?: AbortSignal | undefined;
}

export function mapUsage(usage: CompletionUsage): Usage {
  const mapped: Usage = {};
  if (typeof usage.prompt_tokens === 'number') mapped.inputTokens = usage.prompt_tokens;
  if (typeof usage.completion_tokens === 'number') mapped.outputTokens = usage.completion_tokens;
  const reasoningTokens = usage.completion_tokens_details?.reasoning_tokens;
  if (typeof reasoningTokens === 'number') mapped.reasoningTokens = reasoningTokens;
  const cachedTokens = usage.prompt_tokens_details?.cached_tokens;
  if (typeof cachedTokens === 'number') mapped.cachedInputTokens = cachedTokens;
  // xAI bills its live search per source read.
  const sources = (usage as { num_sources_used?: unknown }).num_sources_used;
  if (typeof sources === 'number' && sources > 0) mapped.providerToolUses = { live_search_sources: sources };
  return mapped;
}

/** vLLM, SGLang and DeepSeek send `reasoning_content`; OpenRouter and newer vLLM send `reasoning`. */
function reasoningText(delta: ChatCompletionChunk.Choice.Delta): string | undefined {
  const fields = delta as Record<string, unknown>;
  const text = fields['reasoning_content'] ?? fields['reasoning'];
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/**
 * Maps SDK chunks to stream parts: text and reasoning deltas as they come, then what xAI's live
 * search found (and the pages cited, after the text), each tool call once complete, one usage
 * part and the finish. Failures are thrown (the caller classifies them), so
 * that the stream it builds ends with exactly one `finish` or `error`.
 */
export async function* mapChatStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
  options: ChatStreamOptions,
): AsyncGenerator<StreamPart> {
  const toolCalls = new ToolCallAccumulator();
  const liveSearch = new LiveSearchReport();
  let rawFinishReason: string | undefined;
  let usage: CompletionUsage | undefined;

  for await (const chunk of chunks) {
    if (options.signal?.aborted) throw abortedRequestError(options.providerName);
    // Servers that report usage on every chunk (vLLM's continuous stats) count cumulatively: keep the last.
    if (chunk.usage) usage = chunk.usage;
    liveSearch.read(chunk);
    const choice = chunk.choices.find((candidate) => candidate.index === 0) ?? chunk.choices[0];
    if (choice === undefined) continue;
    const delta = choice.delta ?? {};
    const reasoning = reasoningText(delta);
    if (reasoning !== undefined) yield { type: 'reasoning-delta', text: reasoning };
    if (typeof delta.content === 'string' && delta.content !== '') yield { type: 'text-delta', text: delta.content };
    if (delta.tool_calls) toolCalls.add(delta.tool_calls);
    if (choice.finish_reason) rawFinishReason = choice.finish_reason;
  }

  // The SDK ends iteration quietly when its request is aborted, so an early end may be a cancel.
  if (options.signal?.aborted) throw abortedRequestError(options.providerName);
  if (rawFinishReason === undefined) {
    throw unfinishedStreamError(options.providerName, 'the model finished (no finish_reason)');
  }
  const sawToolCalls = toolCalls.size > 0;
  yield* liveSearch.parts();
  yield* toolCalls.complete(options.providerName);
  if (usage !== undefined) yield { type: 'usage', usage: mapUsage(usage) };
  yield { type: 'finish', reason: mapFinishReason(rawFinishReason, sawToolCalls), rawReason: rawFinishReason };
}
