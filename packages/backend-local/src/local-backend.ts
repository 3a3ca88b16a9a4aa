import { prepareMediaMessages, textOnlyMediaSupport } from '@massgen/backend-utils';
import type { Backend, BackendCallOptions, BackendRequest, BackendSettings, StreamPart, Warning } from '@massgen/core';
import { toMassGenError } from '@massgen/core';
import type { LlamaChat, LlamaContext } from 'node-llama-cpp';
import { getLlamaInstance, loadNodeLlamaCpp } from './load-node-llama-cpp.js';
import { defaultContextSize, parseLocalOptions, type LocalOptions } from './local-options.js';
import { mapLocalSampling } from './local-sampling.js';
import { streamLocalGeneration } from './local-stream.js';
import { loadSharedModel } from './model-registry.js';
import { modelReference, resolveModelFile } from './resolve-model-file.js';
import { defaultThreadCount } from './thread-count.js';

/** node-llama-cpp's chat history holds text only: images, audio and documents are refused, text files read. */
const localMediaSupport = textOnlyMediaSupport('the local llama.cpp backend');

interface AgentChat {
  chat: LlamaChat;
  context: LlamaContext;
}

/**
 * A model run in-process by llama.cpp. The weights are loaded once per file and shared by every
 * agent naming them; each backend (one per agent) has its own context, so agents generate side by
 * side and each keeps its conversation's evaluated prefix between calls.
 */
export function createLocalBackend(settings: BackendSettings): Backend {
  const options = parseLocalOptions(settings);
  const modelId = modelReference(settings.model, settings.env);
  const warned = new Set<string>();
  let agentChat: Promise<AgentChat> | undefined;
  // One sequence holds one conversation: calls of the same agent take turns on it.
  let previousCall: Promise<unknown> = Promise.resolve();

  const openChat = (signal: AbortSignal | undefined): Promise<AgentChat> => {
    agentChat ??= createAgentChat(settings, options, signal);
    agentChat.catch(() => {
      agentChat = undefined;
    });
    return agentChat;
  };

  async function* stream(request: BackendRequest, callOptions: BackendCallOptions = {}): AsyncGenerator<StreamPart> {
    let release: () => void = () => undefined;
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const waitFor = previousCall;
    previousCall = previousCall.then(() => turn);
    try {
      await waitFor;
      let messages: BackendRequest['messages'];
      try {
        messages = await prepareMediaMessages(request.messages, localMediaSupport, {
          agentId: settings.agentId,
          provider: 'local',
          modelId,
        });
      } catch (error) {
        yield { type: 'error', error: toMassGenError(error).withAgent(settings.agentId).toJSON() };
        return;
      }
      const { sampling, warnings } = mapLocalSampling(request);
      for (const warning of warnings) {
        if (warned.has(warning.message)) continue;
        warned.add(warning.message);
        yield { type: 'warning', warning: { ...warning, agentId: settings.agentId } satisfies Warning };
      }
      let opened: AgentChat;
      try {
        opened = await openChat(callOptions.signal);
      } catch (error) {
        yield { type: 'error', error: toMassGenError(error).withAgent(settings.agentId).toJSON() };
        return;
      }
      const llama = await getLlamaInstance();
      yield* streamLocalGeneration(
        { ...request, messages },
        {
          chat: opened.chat,
          // The schema is built at run time, so its static type cannot drive the grammar's output type.
          createGrammar: (schema) =>
            llama.createGrammarForJsonSchema(schema as Parameters<typeof llama.createGrammarForJsonSchema>[0]),
          modelId,
          timeoutMs: options.timeoutMs,
          sampling,
        },
        callOptions.signal,
      );
    } finally {
      release();
    }
  }

  return { specificationVersion: 'v1', provider: 'local', modelId, stream };
}

async function createAgentChat(
  settings: BackendSettings,
  options: LocalOptions,
  signal: AbortSignal | undefined,
): Promise<AgentChat> {
  const modelPath = await resolveModelFile(settings.model, {
    env: settings.env,
    ...(options.modelsDir === undefined ? {} : { modelsDir: options.modelsDir }),
    ...(signal === undefined ? {} : { signal }),
  });
  const model = await loadSharedModel(modelPath);
  const { LlamaChat } = await loadNodeLlamaCpp();
  const context = await model.createContext({
    contextSize: Math.min(options.contextSize ?? defaultContextSize, model.trainContextSize),
    threads: options.threads ?? defaultThreadCount(),
    sequences: 1,
  });
  return { chat: new LlamaChat({ contextSequence: context.getSequence() }), context };
}
