import type { ToolSource, ToolSourceContext } from '@massgen/core';
import { createCustomToolSource } from './custom-tool-source.js';
import type { CustomToolsAgentSettings, CustomToolsSettings } from './custom-tools-settings.js';

/** The tool package contract this package implements (see `ToolPackageModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export {
  customToolsAgentSettingsSchema as agentSettingsSchema,
  defaultTimeoutSeconds,
  type CustomToolEntry,
  type CustomToolsAgentSettings,
  type CustomToolsSettings,
} from './custom-tools-settings.js';
export { checkCustomTools as checkSettings } from './check-custom-tools.js';

/** A run needs this package when some agent lists custom tools. */
export function isActive(settings: CustomToolsSettings): boolean {
  return settings.agents.some(({ settings: agent }) => (agent.custom_tools?.length ?? 0) > 0);
}

/** Loads every agent's custom tools for one run; the runtime calls it by name. */
export function createToolSource(context: ToolSourceContext<CustomToolsAgentSettings>): Promise<ToolSource> {
  return createCustomToolSource(context);
}

export { builtInToolFor, hasBuiltInTool, type BuiltInToolContext } from './built-in-tools.js';
export { customToolPrefix, maximumOutputCharacters } from './custom-tool-wrappers.js';
