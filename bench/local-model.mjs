// Tokens per second through the local backend against node-llama-cpp called directly on the same
// generated model, same thread count, same settings, measured interleaved. Target: >= 0.95 of direct.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, verdict } from './measure.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const local = await import(path.join(root, 'packages/backend-local/dist/index.js'));
const { writeTinyLlamaGguf } = await import(path.join(root, 'packages/backend-local/dist/testing.js'));
const { getLlama, LlamaChat, LlamaLogLevel } = await import(
  path.join(root, 'packages/backend-local/node_modules/node-llama-cpp/dist/index.js')
);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const maxTokens = Number(process.env.BENCH_LOCAL_TOKENS ?? 200);

export async function localModel() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'massgen-bench-local-'));
  try {
    // Big enough that a token costs real arithmetic, small enough to generate in a bench run.
    const modelPath = await writeTinyLlamaGguf(path.join(directory, 'bench.gguf'), {
      embeddingLength: 512,
      layers: 4,
      heads: 8,
      feedForwardLength: 1024,
      endOfTurnPreference: -4,
    });
    const threads = local.defaultThreadCount();
    const settings = { temperature: 0.7, topP: 0.95, maxOutputTokens: maxTokens, seed: 1 };
    const messages = [
      { role: 'system', content: 'You are a helpful agent.' },
      { role: 'user', content: 'Write a long story about a lighthouse keeper.' },
    ];

    const llama = await getLlama({ build: 'never', gpu: false, logLevel: LlamaLogLevel.error, progressLogs: false });
    const model = await llama.loadModel({ modelPath });
    const context = await model.createContext({ contextSize: 1024, threads, sequences: 1 });
    const chat = new LlamaChat({ contextSequence: context.getSequence() });
    const direct = async () => {
      let tokens = 0;
      const started = performance.now();
      await chat.generateResponse(
        [
          { type: 'system', text: messages[0].content },
          { type: 'user', text: messages[1].content },
          { type: 'model', response: [] },
        ],
        { temperature: 0.7, topP: 0.95, maxTokens, seed: 1, onToken: (chunk) => (tokens += chunk.length) },
      );
      return tokens / ((performance.now() - started) / 1000);
    };

    const backend = local.createBackend({
      agentId: 'bench',
      type: 'local',
      model: modelPath,
      options: { context_size: 1024, threads },
      env: {},
      warn: () => undefined,
    });
    const throughBackend = async () => {
      let tokens = 0;
      const started = performance.now();
      for await (const part of backend.stream({ messages, settings })) {
        if (part.type === 'usage') tokens = part.usage.outputTokens ?? 0;
        if (part.type === 'error') throw new Error(part.error.message);
      }
      return tokens / ((performance.now() - started) / 1000);
    };

    await direct();
    await throughBackend();
    const directRates = [];
    const backendRates = [];
    for (let round = 0; round < rounds; round += 1) {
      directRates.push(await direct());
      backendRates.push(await throughBackend());
    }
    const ratio = median(backendRates) / median(directRates);
    console.log(
      `local model tokens/s (${rounds} interleaved runs of ${maxTokens} tokens, ${threads} thread(s), medians)`,
    );
    console.log(`  node-llama-cpp directly   ${median(directRates).toFixed(1)} tok/s`);
    console.log(
      `  backend-local stream()    ${median(backendRates).toFixed(1)} tok/s   ratio ${ratio.toFixed(3)}   target >= 0.95   ${verdict(ratio >= 0.95)}`,
    );
    chat.dispose();
    await context.dispose();
    await model.dispose();
    await local.unloadSharedModels();
    return ratio >= 0.95;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await localModel()) ? 0 : 1;
