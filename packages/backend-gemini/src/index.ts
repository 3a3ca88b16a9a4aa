export const specificationVersion = 'v1' as const;
export { metadata } from './gemini-metadata.js';

export { buildGeminiRequest, type GeminiRequest } from './build-gemini-request.js';
export {
  convertToGeminiMessages,
  placeholderThoughtSignature,
  type ConvertOptions,
  type GeminiMessages,
} from './convert-to-gemini-messages.js';
export { geminiKeyVariables, resolveGeminiApiKey } from './gemini-api-key.js';
/** `createBackend` is the loader's entry point for `backend.type: gemini`. */
export { createGeminiBackend, createGeminiBackend as createBackend } from './gemini-backend.js';
export { mapGeminiError, type GeminiErrorContext } from './gemini-error.js';
export { mapGeminiFinishReason } from './gemini-finish-reason.js';
export {
  geminiGeneration,
  requiresThoughtSignatures,
  thinksByDefault,
  usesThinkingLevels,
} from './gemini-model-family.js';
export {
  defaultApiVersion,
  defaultBaseUrl,
  defaultTimeoutSeconds,
  optionsSchema,
  parseGeminiOptions,
  type GeminiOptions,
} from './gemini-options.js';
export { prepareGeminiTools, type PreparedGeminiTools } from './gemini-prepare-tools.js';
export {
  geminiMetadataKey,
  readGeminiMetadata,
  toProviderMetadata,
  type GeminiTurnMetadata,
} from './gemini-provider-metadata.js';
export { mapGeminiStream, type GeminiStreamOptions } from './gemini-stream.js';
export { chooseThinkingConfig, type ThinkingChoice } from './gemini-thinking-config.js';
export { mapGeminiUsage } from './gemini-usage.js';
export {
  errorReasons,
  parseGoogleRpcStatus,
  quotaViolations,
  retryDelayMs,
  type GoogleRpcStatus,
  type QuotaViolation,
} from './google-rpc-status.js';
