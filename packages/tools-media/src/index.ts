import type { ToolSource, ToolSourceContext } from '@massgen/core';
import { createMediaToolSource } from './media-tool-source.js';
import type { MediaSettings } from './media-settings.js';

/** The tool package contract this package implements (see `ToolPackageModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export {
  mediaSettingsSchema as agentSettingsSchema,
  mediaSettingsSchema as runSettingsSchema,
} from './media-settings.js';

/** Gives agents the media tools; the runtime calls it by name for `tools.media`. */
export function createToolSource(context: ToolSourceContext<MediaSettings, MediaSettings>): Promise<ToolSource> {
  return Promise.resolve(createMediaToolSource(context));
}

export { createMediaTools, isMediaToolName } from './media-tools.js';
export type { MediaToolContext } from './media-tool-context.js';
export {
  defaultImageModel,
  defaultMaxFileMegabytes,
  defaultSpeechModel,
  defaultUrlTimeoutSeconds,
  mediaSettingsSchema,
  mediaToolNames,
} from './media-settings.js';
export type { MediaSettings, MediaToolName } from './media-settings.js';
