import { MassGenError } from '@massgen/core';
import type { LlamaModel } from 'node-llama-cpp';
import { getLlamaInstance } from './load-node-llama-cpp.js';

/**
 * Loaded models by file path. Every agent that names the same file shares one copy of the
 * weights in memory and gets its own context; loading twice would double the memory for nothing.
 */
const loadedModels = new Map<string, Promise<LlamaModel>>();

export function loadSharedModel(modelPath: string): Promise<LlamaModel> {
  let model = loadedModels.get(modelPath);
  if (model === undefined) {
    model = getLlamaInstance().then((llama) => llama.loadModel({ modelPath }));
    model.catch(() => loadedModels.delete(modelPath));
    loadedModels.set(modelPath, model);
  }
  return model.catch((cause: unknown) => {
    if (MassGenError.isInstance(cause)) throw cause;
    throw new MassGenError({
      code: 'BACKEND_BAD_REQUEST',
      message: `The local backend could not load the model ${modelPath}: ${cause instanceof Error ? cause.message : String(cause)}. Expected a GGUF model file that llama.cpp supports.`,
      provider: 'local',
      cause,
    });
  });
}

/** How many distinct model files are loaded now. */
export function loadedModelCount(): number {
  return loadedModels.size;
}

/** Frees every loaded model, for long-lived processes and tests that want their memory back. */
export async function unloadSharedModels(): Promise<void> {
  const models = [...loadedModels.values()];
  loadedModels.clear();
  await Promise.all(models.map(async (model) => (await model.catch(() => undefined))?.dispose()));
}
