import { randomUUID } from 'node:crypto';
import { AsyncQueue, SilenceTimer } from '@massgen/backend-utils';
import type { BackendRequest, FinishReason, StreamPart, ToolDefinition } from '@massgen/core';
import type {
  LlamaChat,
  LlamaChatResponse,
  LlamaChatResponseChunk,
  LlamaGrammar,
  ChatModelFunctions,
} from 'node-llama-cpp';
import { clampToSchemaBounds } from './clamp-to-schema-bounds.js';
import { convertToLlamaHistory } from './convert-to-llama-history.js';
import { mapLocalError } from './local-error.js';
import { forcedToolCallInstructions, forcedToolCallSchema, toChatModelFunctions } from './local-prepare-tools.js';
import type { LocalSampling } from './local-sampling.js';

/** What one generation needs from the backend: the agent's chat and how to make grammars. */
export interface LocalGeneration {
  chat: LlamaChat;
  createGrammar: (schema: NonNullable<ReturnType<typeof forcedToolCallSchema>>) => Promise<LlamaGrammar>;
  modelId: string;
  timeoutMs: number;
  sampling: LocalSampling;
}

type ToolMode =
  { kind: 'text' } | { kind: 'forced'; tools: ToolDefinition[] } | { kind: 'native'; functions: ChatModelFunctions };

/**
 * How the model may call tools in this request. A turn that must end in a workflow call, or a
 * request that requires a call, gets a grammar that allows nothing but one valid call, so even
 * a small model cannot miss; otherwise the model calls tools in its own template's syntax when
 * it chooses to.
 */
export function chooseToolMode(request: BackendRequest): ToolMode {
  const tools = request.tools ?? [];
  if (tools.length === 0 || request.toolChoice === 'none') return { kind: 'text' };
  const mustCall = request.toolChoice === 'required' || (request.turnEndingTools ?? []).length > 0;
  if (mustCall && forcedToolCallSchema(tools) !== undefined) return { kind: 'forced', tools };
  return { kind: 'native', functions: toChatModelFunctions(tools) };
}

function finishReasonFor(stopReason: LlamaChatResponse['metadata']['stopReason']): FinishReason {
  if (stopReason === 'maxTokens') return 'length';
  if (stopReason === 'functionCalls') return 'tool-calls';
  if (stopReason === 'abort') return 'other';
  return 'stop';
}

/**
 * Runs one generation on the agent's sequence and streams it as core parts: text and thought
 * segments as they are produced, then the tool calls, usage and the finish. Failures, aborts
 * and stalls end the stream with one `error` part.
 */
export async function* streamLocalGeneration(
  request: BackendRequest,
  generation: LocalGeneration,
  signal: AbortSignal | undefined,
): AsyncGenerator<StreamPart> {
  const queue = new AsyncQueue<StreamPart>();
  const controller = new AbortController();
  let abortReason: 'timeout' | 'caller' | undefined;
  const onCallerAbort = (): void => {
    abortReason ??= 'caller';
    controller.abort();
  };
  if (signal?.aborted === true) onCallerAbort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  // A generation that stalls between tokens is stopped as surely as one that never starts.
  const timer = new SilenceTimer(generation.timeoutMs, () => {
    abortReason ??= 'timeout';
    controller.abort();
  });
  timer.touch();
  const done = generate(request, generation, queue, controller.signal, () => timer.touch())
    .catch((error: unknown) => {
      queue.push({
        type: 'error',
        error: mapLocalError(error, {
          modelId: generation.modelId,
          timeoutMs: generation.timeoutMs,
          ...(abortReason === undefined ? {} : { abortReason }),
        }).toJSON(),
      });
    })
    .finally(() => {
      timer.stop();
      signal?.removeEventListener('abort', onCallerAbort);
      queue.end();
    });
  try {
    yield* queue;
  } finally {
    // A consumer that stops early must not leave llama.cpp generating for nobody.
    abortReason ??= 'caller';
    controller.abort();
    await done;
  }
}

async function generate(
  request: BackendRequest,
  generation: LocalGeneration,
  queue: AsyncQueue<StreamPart>,
  signal: AbortSignal,
  onProgress: () => void,
): Promise<void> {
  const mode = chooseToolMode(request);
  const history = convertToLlamaHistory(
    request.messages,
    mode.kind === 'forced' ? forcedToolCallInstructions(mode.tools) : undefined,
  );
  const { chat } = generation;
  const promptTokensBefore = chat.sequence.tokenMeter.usedInputTokens;
  let outputTokens = 0;
  const streamsText = mode.kind !== 'forced';
  const common = {
    ...generation.sampling,
    signal,
    stopOnAbortSignal: false,
    onToken: (tokens: readonly unknown[]) => {
      outputTokens += tokens.length;
      onProgress();
    },
    onResponseChunk: (chunk: LlamaChatResponseChunk) => {
      if (chunk.text === '') return;
      if (chunk.type === 'segment') queue.push({ type: 'reasoning-delta', text: chunk.text });
      else if (streamsText) queue.push({ type: 'text-delta', text: chunk.text });
    },
  };
  let response: LlamaChatResponse<ChatModelFunctions | undefined>;
  if (mode.kind === 'forced') {
    const schema = forcedToolCallSchema(mode.tools);
    if (schema === undefined) throw new Error('no tool can be called');
    const grammar = await generation.createGrammar(schema);
    response = await chat.generateResponse(history, { ...common, grammar });
    if (response.metadata.stopReason !== 'maxTokens') {
      const call = JSON.parse(response.response) as { name: string; arguments: unknown };
      const tool = mode.tools.find((candidate) => candidate.name === call.name);
      const input = clampToSchemaBounds(call.arguments, tool?.inputSchema);
      queue.push({ type: 'tool-call', id: `call_${randomUUID()}`, name: call.name, input: JSON.stringify(input) });
    }
  } else if (mode.kind === 'native') {
    response = await chat.generateResponse(history, {
      ...common,
      functions: mode.functions,
      documentFunctionParams: true,
    });
    for (const call of response.functionCalls ?? []) {
      queue.push({
        type: 'tool-call',
        id: `call_${randomUUID()}`,
        name: call.functionName,
        input: JSON.stringify(call.params ?? {}),
      });
    }
  } else {
    response = await chat.generateResponse(history, common);
  }
  const evaluated = chat.sequence.tokenMeter.usedInputTokens - promptTokensBefore;
  const inputTokens = Math.max(0, chat.sequence.contextTokens.length - outputTokens);
  queue.push({
    type: 'usage',
    usage: {
      inputTokens,
      outputTokens,
      cachedInputTokens: Math.max(0, inputTokens - Math.max(0, evaluated - outputTokens)),
    },
  });
  const forcedCall = mode.kind === 'forced' && response.metadata.stopReason !== 'maxTokens';
  queue.push({
    type: 'finish',
    reason: forcedCall ? 'tool-calls' : finishReasonFor(response.metadata.stopReason),
    rawReason: response.metadata.stopReason,
  });
}
