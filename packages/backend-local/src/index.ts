export const specificationVersion = 'v1' as const;
export { metadata } from './local-metadata.js';

export { convertToLlamaHistory } from './convert-to-llama-history.js';
export { createProgressBar, type DownloadProgress, type DownloadProgressListener } from './download-progress.js';
export {
  defaultLocalModel,
  huggingFaceUrl,
  isHuggingFaceReference,
  parseHuggingFaceReference,
  type HuggingFaceReference,
} from './hugging-face-reference.js';
export { getLlamaInstance, loadNodeLlamaCpp, type NodeLlamaCpp } from './load-node-llama-cpp.js';
/** `createBackend` is the loader's entry point for `backend.type: local`. */
export { createLocalBackend, createLocalBackend as createBackend } from './local-backend.js';
export { mapLocalError, type LocalErrorContext } from './local-error.js';
export {
  defaultContextSize,
  defaultTimeoutSeconds,
  optionsSchema,
  parseLocalOptions,
  type LocalOptions,
} from './local-options.js';
export { forcedToolCallSchema, toChatModelFunctions } from './local-prepare-tools.js';
export { defaultTemperature, mapLocalSampling, type LocalSampling } from './local-sampling.js';
export { chooseToolMode } from './local-stream.js';
export { downloadModelFile, type ModelDownloadOptions } from './model-download.js';
export { loadedModelCount, loadSharedModel, unloadSharedModels } from './model-registry.js';
export { modelReference, modelsDirectory, resolveModelFile, type ResolveModelOptions } from './resolve-model-file.js';
export { defaultThreadCount } from './thread-count.js';
export { toGbnfJsonSchema } from './to-gbnf-json-schema.js';
