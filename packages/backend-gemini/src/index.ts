import type { Backend, BackendSettings } from '@massgen/core';
import { createGeminiBackend } from './gemini-backend.js';

export const specificationVersion = 'v1' as const;
export { metadata } from './gemini-metadata.js';

/** The loader's entry point for `backend.type: gemini`. */
export function createBackend(settings: BackendSettings): Backend {
  return createGeminiBackend(settings);
}

export { buildGeminiRequest } from './build-gemini-request.js';
export type { GeminiRequest } from './build-gemini-request.js';
export { convertToGeminiMessages, placeholderThoughtSignature } from './convert-to-gemini-messages.js';
export type { ConvertOptions, GeminiMessages } from './convert-to-gemini-messages.js';
export { geminiKeyVariables, resolveGeminiApiKey } from './gemini-api-key.js';
export { createGeminiBackend } from './gemini-backend.js';
export { mapGeminiError } from './gemini-error.js';
export type { GeminiErrorContext } from './gemini-error.js';
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
} from './gemini-options.js';
export type { GeminiOptions } from './gemini-options.js';
export { prepareGeminiTools } from './gemini-prepare-tools.js';
export type { PreparedGeminiTools } from './gemini-prepare-tools.js';
export { geminiMetadataKey, readGeminiMetadata, toProviderMetadata } from './gemini-provider-metadata.js';
export type { GeminiTurnMetadata } from './gemini-provider-metadata.js';
export { mapGeminiStream } from './gemini-stream.js';
export type { GeminiStreamOptions } from './gemini-stream.js';
export { chooseThinkingConfig } from './gemini-thinking-config.js';
export type { ThinkingChoice } from './gemini-thinking-config.js';
export { mapGeminiUsage } from './gemini-usage.js';
export { errorReasons, parseGoogleRpcStatus, quotaViolations, retryDelayMs } from './google-rpc-status.js';
export type { GoogleRpcStatus, QuotaViolation } from './google-rpc-status.js';
