export type { ServerRunOptions } from './chat-completions-handler.js';
export type { MassGenMetadata, OpenAIUsage } from './completion-metadata.js';
export {
  createMassGenServer,
  startMassGenServer,
  type ListenOptions,
  type MassGenServer,
  type MassGenServerOptions,
  type StartedMassGenServer,
} from './create-server.js';
export { loadModelRegistry, type LoadModelRegistryOptions } from './load-model-registry.js';
export { ModelRegistry, defaultModelId, type ServedModel } from './model-registry.js';
export type { ApiErrorType, OpenAIErrorBody } from './openai-errors.js';
export { defaultServerLimits, resolveServerLimits, type ServerLimits } from './server-limits.js';
export { embeddedEventsElementId, renderRunHtml } from './run-html.js';
export { createWebServer, type WebConfigChoice, type WebServer, type WebServerOptions } from './web-server.js';
