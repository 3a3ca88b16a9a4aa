import type { ToolPackageSettings, ToolSource, ToolSourceContext } from '@massgen/core';
import { agentMediaTools } from './agent-media-settings.js';
import { createMediaToolSource } from './media-tool-source.js';
import type { MediaAgentSettings, MediaRunSettings } from './media-settings.js';

/** The tool package contract this package implements (see `ToolPackageModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export {
  mediaAgentSettingsSchema as agentSettingsSchema,
  mediaRunSettingsSchema as runSettingsSchema,
  defaultImageModel,
  defaultMaxFileMegabytes,
  defaultSpeechModel,
  defaultUrlTimeoutSeconds,
  mediaAgentSettingsSchema,
  mediaRunSettingsSchema,
  mediaSettingsSchema,
  mediaToolNames,
  type MediaAgentSettings,
  type MediaRunSettings,
  type MediaSettings,
  type MediaToolName,
} from './media-settings.js';

/** A run needs the package when some agent gets a media tool (upstream's switches may all be off). */
export function isActive(settings: ToolPackageSettings<MediaAgentSettings, MediaRunSettings>): boolean {
  // No agent is called '': asking for it gives what an agent without a block of its own gets.
  return (
    agentMediaTools(settings, '') !== undefined ||
    settings.agents.some(({ agentId }) => agentMediaTools(settings, agentId) !== undefined)
  );
}

/** Gives agents the media tools; the runtime calls it by name for `tools.media`. */
export function createToolSource(
  context: ToolSourceContext<MediaAgentSettings, MediaRunSettings>,
): Promise<ToolSource> {
  return Promise.resolve(createMediaToolSource(context));
}

export { createMediaTools, isMediaToolName } from './media-tools.js';
export type { MediaToolContext } from './media-tool-context.js';
export { agentMediaTools, type AgentMediaTools } from './agent-media-settings.js';
