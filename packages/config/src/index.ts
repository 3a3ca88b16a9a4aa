export { inferBackendType, supportedBackendTypes } from './backend-types.js';
export type { SupportedBackendType } from './backend-types.js';
export type {
  AgentConfig,
  BackendConfig,
  CommandExecutionSettings,
  ContextPath,
  DisplaySettings,
  MassGenConfig,
  McpServerConfig,
  ModelPrice,
  WorkspaceSettings,
} from './config-model.js';
export { loadDotEnv, parseDotEnv } from './dot-env.js';
export { loadConfig } from './load-config.js';
export type { LoadConfigOptions } from './load-config.js';
export { parseConfig } from './parse-config.js';
export type { ParseConfigOptions } from './parse-config.js';
export { createQuickConfig } from './quick-config.js';
export type { QuickConfigOptions } from './quick-config.js';
