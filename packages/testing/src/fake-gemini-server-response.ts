import {
  codeExecutionParts,
  groundingMetadata,
  offeredUses,
  serverToolInvocationParts,
  toolUsePromptTokens,
} from './fake-gemini-server-tools.js';
import type {
  FakeGeminiFunctionCall,
  FakeGeminiFunctionCallsReply,
  FakeGeminiPart,
  FakeGeminiRequest,
  FakeGeminiTextReply,
  FakeGeminiUsage,
} from './fake-gemini-server-types.js';

type ContentReply = FakeGeminiTextReply | FakeGeminiFunctionCallsReply;

/** What the model produced for one request, before it is framed as chunks or as one body. */
export interface GeminiCompletion {
  responseId: string;
  modelVersion: string;
  thoughts: string;
  text: string;
  textSignature: string | undefined;
  calls: FakeGeminiFunctionCall[];
  callsPerChunk: number;
  /** Each run of code on Google's side, as the parts of its chunks. */
  codeParts: FakeGeminiPart[][];
  /** Each search as a `toolCall` and a `toolResponse` part, when the request asked for them. */
  serverToolParts: FakeGeminiPart[][];
  /** The Google Search grounding of the text, sent on the last chunk. */
  grounding: Record<string, unknown> | undefined;
  finishReason: string;
  promptTokens: number;
  /** The final `usageMetadata`; absent when the reply leaves usage out. */
  usage: Record<string, unknown> | undefined;
}

/** Real servers report tokens; roughly four characters per token keeps the numbers plausible. */
function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

function promptText(request: FakeGeminiRequest): string {
  const contents =
    request.systemInstruction === undefined ? request.contents : [request.systemInstruction, ...request.contents];
  const parts = contents.flatMap((content) => content.parts.map((part) => part.text ?? JSON.stringify(part)));
  if (request.functionDeclarations.length > 0) parts.push(JSON.stringify(request.functionDeclarations));
  return parts.join('\n');
}

function finalUsage(
  promptTokens: number,
  completion: { thoughts: string; text: string; calls: FakeGeminiFunctionCall[]; toolUsePromptTokens: number },
  override: FakeGeminiUsage | undefined,
): Record<string, unknown> {
  const thoughtsTokens = override?.thoughtsTokens ?? estimateTokens(completion.thoughts);
  const candidatesTokens =
    override?.candidatesTokens ??
    estimateTokens(completion.text + completion.calls.map((call) => call.name + JSON.stringify(call.args)).join(''));
  const cachedTokens = override?.cachedTokens ?? 0;
  return {
    promptTokenCount: promptTokens,
    candidatesTokenCount: candidatesTokens,
    totalTokenCount: promptTokens + candidatesTokens + thoughtsTokens + completion.toolUsePromptTokens,
    ...(completion.toolUsePromptTokens > 0 ? { toolUsePromptTokenCount: completion.toolUsePromptTokens } : {}),
    ...(thoughtsTokens > 0 ? { thoughtsTokenCount: thoughtsTokens } : {}),
    ...(cachedTokens > 0 ? { cachedContentTokenCount: cachedTokens } : {}),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokens }],
  };
}

export function buildGeminiCompletion(request: FakeGeminiRequest, reply: ContentReply): GeminiCompletion {
  const promptTokens =
    reply.usage === false ? 0 : (reply.usage?.promptTokens ?? Math.max(1, estimateTokens(promptText(request))));
  const uses = offeredUses(reply.builtInTools, request);
  const content = {
    thoughts: reply.thoughts ?? '',
    text: reply.text ?? '',
    calls: reply.type === 'function-calls' ? reply.calls : [],
    toolUsePromptTokens: toolUsePromptTokens(uses),
  };
  return {
    responseId: `fake-gemini-response-${request.index}`,
    modelVersion: request.model,
    ...content,
    textSignature: reply.type === 'text' ? reply.thoughtSignature : undefined,
    callsPerChunk: reply.type === 'function-calls' ? Math.max(1, reply.callsPerChunk ?? reply.calls.length) : 1,
    codeParts: codeExecutionParts(uses),
    serverToolParts: serverToolInvocationParts(uses, request),
    grounding: groundingMetadata(uses, content.text),
    // Gemini ends a turn of function calls with STOP too; it has no finish reason of its own for them.
    finishReason: reply.type === 'text' ? (reply.finishReason ?? 'STOP') : 'STOP',
    promptTokens,
    usage: reply.usage === false ? undefined : finalUsage(promptTokens, content, reply.usage),
  };
}

function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function callPart(call: FakeGeminiFunctionCall): FakeGeminiPart {
  return {
    functionCall: { ...(call.id === undefined ? {} : { id: call.id }), name: call.name, args: call.args },
    ...(call.thoughtSignature === undefined ? {} : { thoughtSignature: call.thoughtSignature }),
  };
}

function groups<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Frames a completion the way `streamGenerateContent?alt=sse` does: thought parts, then the
 * server's tool invocations, each run of code and its result, then text parts, then whole function calls, each chunk a complete
 * `GenerateContentResponse`. Every chunk carries the running usage; the last one carries the
 * `finishReason`, the grounding and the final counts.
 */
export function buildGeminiStreamChunks(
  completion: GeminiCompletion,
  chunkSize: number,
): Array<Record<string, unknown>> {
  const partGroups: FakeGeminiPart[][] = [
    ...split(completion.thoughts, chunkSize).map((piece) => [{ text: piece, thought: true }]),
    ...completion.serverToolParts,
    ...completion.codeParts,
    ...split(completion.text, chunkSize).map((piece) => [{ text: piece }]),
    ...groups(completion.calls, completion.callsPerChunk).map((calls) => calls.map(callPart)),
  ];
  if (partGroups.length === 0) partGroups.push([{ text: '' }]);
  if (completion.textSignature !== undefined) {
    // Gemini signs the turn on its last part; a trailing empty text part carries it when needed.
    const last = partGroups[partGroups.length - 1] as FakeGeminiPart[];
    const lastPart = last[last.length - 1];
    if (lastPart !== undefined && lastPart.text !== undefined && lastPart.thought !== true)
      lastPart.thoughtSignature = completion.textSignature;
    else last.push({ text: '', thoughtSignature: completion.textSignature });
  }
  return partGroups.map((parts, position) => {
    const isLast = position === partGroups.length - 1;
    const candidate: Record<string, unknown> = { content: { parts, role: 'model' }, index: 0 };
    if (isLast) candidate['finishReason'] = completion.finishReason;
    if (isLast && completion.grounding !== undefined) candidate['groundingMetadata'] = completion.grounding;
    const usage = isLast
      ? completion.usage
      : completion.usage === undefined
        ? undefined
        : { promptTokenCount: completion.promptTokens, totalTokenCount: completion.promptTokens };
    return {
      candidates: [candidate],
      ...(usage === undefined ? {} : { usageMetadata: usage }),
      modelVersion: completion.modelVersion,
      responseId: completion.responseId,
    };
  });
}

/** The `generateContent` body for the same completion: one candidate with every part. */
export function buildGeminiResponseBody(completion: GeminiCompletion): Record<string, unknown> {
  const parts: FakeGeminiPart[] = [];
  if (completion.thoughts !== '') parts.push({ text: completion.thoughts, thought: true });
  parts.push(...completion.serverToolParts.flat(), ...completion.codeParts.flat());
  if (completion.text !== '' || completion.textSignature !== undefined) {
    parts.push({
      text: completion.text,
      ...(completion.textSignature === undefined ? {} : { thoughtSignature: completion.textSignature }),
    });
  }
  parts.push(...completion.calls.map(callPart));
  return {
    candidates: [
      {
        content: { parts, role: 'model' },
        finishReason: completion.finishReason,
        index: 0,
        ...(completion.grounding === undefined ? {} : { groundingMetadata: completion.grounding }),
      },
    ],
    ...(completion.usage === undefined ? {} : { usageMetadata: completion.usage }),
    modelVersion: completion.modelVersion,
    responseId: completion.responseId,
  };
}

/** A blocked prompt: feedback and prompt usage, no candidates at all. */
export function buildBlockedResponse(request: FakeGeminiRequest, blockReason: string): Record<string, unknown> {
  const promptTokens = Math.max(1, estimateTokens(promptText(request)));
  return {
    promptFeedback: { blockReason },
    usageMetadata: { promptTokenCount: promptTokens, totalTokenCount: promptTokens },
    modelVersion: request.model,
    responseId: `fake-gemini-response-${request.index}`,
  };
}
