import { abortedRequestError, unfinishedStreamError } from '@massgen/backend-utils';
import type { StreamPart } from '@massgen/core';
import type { GenerateContentResponse, GenerateContentResponseUsageMetadata, Part } from '@google/genai';
import { GeminiBuiltInTools } from './gemini-built-in-tools.js';
import { mapGeminiFinishReason } from './gemini-finish-reason.js';
import { serverToolPartKeys, toProviderMetadata, type GeminiTurnMetadata } from './gemini-provider-metadata.js';
import { mapGeminiUsage } from './gemini-usage.js';

export interface GeminiStreamOptions {
  providerName: string;
  signal?: AbortSignal | undefined;
  /** Makes an id for a call Gemini sent without one, unique within the conversation. */
  createCallId: () => string;
}

/** Notes a part that records the work of Google's own tools, to be sent back with the turn. */
function keepServerToolPart(part: Part, turn: GeminiTurnMetadata): void {
  if (!serverToolPartKeys.some((key) => part[key] !== undefined)) return;
  const kept = JSON.parse(JSON.stringify(part)) as Record<string, unknown>;
  turn.serverToolParts = [...(turn.serverToolParts ?? []), kept];
}

/** What one part of a chunk contributes to the stream, if anything, with the signature it carried noted. */
function mapPart(
  part: Part,
  options: GeminiStreamOptions,
  turn: GeminiTurnMetadata,
  builtIn: GeminiBuiltInTools,
): StreamPart | undefined {
  keepServerToolPart(part, turn);
  if (part.executableCode !== undefined) {
    builtIn.code(part.executableCode);
    return undefined;
  }
  if (part.codeExecutionResult !== undefined) return builtIn.result(part.codeExecutionResult);
  const call = part.functionCall;
  if (call !== undefined) {
    const id = call.id !== undefined && call.id !== '' ? call.id : options.createCallId();
    if (id === call.id) turn.modelCallIds.push(id);
    if (part.thoughtSignature !== undefined) turn.callSignatures[id] = part.thoughtSignature;
    return { type: 'tool-call', id, name: call.name ?? '', input: JSON.stringify(call.args ?? {}) };
  }
  if (part.thoughtSignature !== undefined) turn.textSignature = part.thoughtSignature;
  if (typeof part.text !== 'string' || part.text === '') return undefined;
  return part.thought === true ? { type: 'reasoning-delta', text: part.text } : { type: 'text-delta', text: part.text };
}

/**
 * Maps `generateContentStream` chunks to stream parts: thoughts as reasoning, text as it comes,
 * each function call as one complete `tool-call` (Gemini sends calls whole), each run of code on
 * Google's side as a `provider-tool` once its result comes, then the searches Google Search
 * grounding made and the pages the text cites (Gemini reports both with the grounding on the
 * last chunks), the signatures
 * Gemini issued as provider metadata, the usage and the finish. Failures are thrown for the
 * caller to classify, so that the stream it builds ends with exactly one `finish` or `error`.
 */
export async function* mapGeminiStream(
  chunks: AsyncIterable<GenerateContentResponse>,
  options: GeminiStreamOptions,
): AsyncGenerator<StreamPart> {
  const turn: GeminiTurnMetadata = { callSignatures: {}, modelCallIds: [] };
  const builtIn = new GeminiBuiltInTools();
  let sawToolCalls = false;
  let rawFinishReason: string | undefined;
  let promptBlocked = false;
  let usage: GenerateContentResponseUsageMetadata | undefined;

  for await (const chunk of chunks) {
    if (options.signal?.aborted) throw abortedRequestError(options.providerName);
    // Every chunk carries the running totals; the last one counts.
    if (chunk.usageMetadata !== undefined) usage = chunk.usageMetadata;
    // A blocked prompt gets feedback instead of candidates, and no finishReason at all.
    const blockReason = chunk.promptFeedback?.blockReason;
    if (blockReason !== undefined && (chunk.candidates ?? []).length === 0) {
      promptBlocked = true;
      rawFinishReason = blockReason;
    }
    const candidate = chunk.candidates?.find((item) => (item.index ?? 0) === 0);
    for (const part of candidate?.content?.parts ?? []) {
      const streamPart = mapPart(part, options, turn, builtIn);
      if (streamPart === undefined) continue;
      if (streamPart.type === 'tool-call') sawToolCalls = true;
      yield streamPart;
    }
    if (candidate?.groundingMetadata !== undefined) builtIn.ground(candidate.groundingMetadata);
    if (candidate?.finishReason !== undefined) rawFinishReason = candidate.finishReason;
  }

  if (options.signal?.aborted) throw abortedRequestError(options.providerName);
  if (rawFinishReason === undefined) {
    throw unfinishedStreamError(options.providerName, 'the model finished (no finishReason)');
  }
  const searches = builtIn.searches();
  if (searches !== undefined) yield searches;
  const footnote = builtIn.footnote();
  if (footnote !== '') yield { type: 'text-delta', text: footnote };
  if (
    Object.keys(turn.callSignatures).length > 0 ||
    turn.textSignature !== undefined ||
    turn.modelCallIds.length > 0 ||
    turn.serverToolParts !== undefined
  ) {
    yield { type: 'provider-metadata', metadata: toProviderMetadata(turn) };
  }
  if (usage !== undefined) {
    const uses = builtIn.uses();
    const mapped = mapGeminiUsage(usage);
    yield { type: 'usage', usage: uses === undefined ? mapped : { ...mapped, providerToolUses: uses } };
  }
  const reason = promptBlocked ? 'content-filter' : mapGeminiFinishReason(rawFinishReason, sawToolCalls);
  yield { type: 'finish', reason, rawReason: rawFinishReason };
}
