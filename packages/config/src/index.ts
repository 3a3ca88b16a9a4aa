export {
  backendCatalog,
  catalogBackendTypes,
  findBackendRedirect,
  findBackendType,
  type BackendCatalogEntry,
  type CatalogBackendType,
} from './backend-catalog.js';
export { inferBackendType, supportedBackendTypes, upstreamBackendTypeNote } from './backend-types.js';
export type { AgentConfig, BackendConfig, DisplaySettings, MassGenConfig, ModelPrice } from './config-model.js';
export { collectSecrets, isCredentialVariable, secretsIn } from './config-secrets.js';
export { builtInToolKeys, type ToolPackageConfig, type ToolSettingsSource } from './tool-package-config.js';
export { agentKeyNames, orchestratorKeyNames, strategyKeysWrittenElsewhere } from './collect-strategy-keys.js';
export { checkToolSettings, settingKeyPath, settingSegments } from './tool-settings-check.js';
export { loadDotEnv, parseDotEnv } from './dot-env.js';
export { suggestKey, suggestNames } from './key-suggestion.js';
export { configIssueAt, listItemNames, type KeyLocations } from './issue-location.js';
export { describeFound } from './describe-value.js';
export { formatKeyPath, type KeySegment } from './key-path.js';
export { loadConfig, type LoadConfigOptions } from './load-config.js';
export { parseConfig, type ParseConfigOptions } from './parse-config.js';
export {
  createLocalDefaultConfig,
  createQuickConfig,
  localDefaultTeamSize,
  providerKeyVariables,
  type QuickConfigOptions,
} from './quick-config.js';
export { configJsonSchema, optionsJsonSchema, type ConfigJsonSchemaOptions } from './config-json-schema.js';
export type { JsonSchemaNode } from './json-schema-node.js';
export { renderBackendOptions, renderConfigReference } from './config-reference.js';
