import type { ToolPackageSettings } from '@massgen/core';
import { mediaToolNames } from './media-settings.js';
import type { MediaAgentSettings, MediaRunSettings, MediaSettings, MediaToolName } from './media-settings.js';

/** The keys upstream writes that only name backends: on their own they give no agent a tool. */
const backendNamesOnly = new Set(['image_generation_backend', 'audio_generation_backend']);

/** What one agent gets from the package: its tools and the settings they use. */
export interface AgentMediaTools {
  settings: MediaSettings;
  tools: readonly MediaToolName[];
}

/**
 * One agent's media tools. Its own block wins over the run-wide one. A block gives the tools
 * it names, else all six; upstream's switches give what they name (`enable_image_generation`:
 * text_to_image, `enable_audio_generation`: text_to_speech, `enable_multimodal_tools`: all), and
 * `enable_multimodal_tools: false` gives nothing. Upstream's generation backend names become the
 * types of `image_model` and `speech_model` when those are not written.
 */
export function agentMediaTools(
  settings: ToolPackageSettings<MediaAgentSettings, MediaRunSettings>,
  agentId: string,
): AgentMediaTools | undefined {
  const run = settings.run;
  const {
    enable_multimodal_tools: runSwitch,
    image_generation_backend: imageType,
    audio_generation_backend: speechType,
    ...runSettings
  } = run ?? {};
  const shared: MediaSettings = {
    ...runSettings,
    ...(imageType === undefined || runSettings.image_model !== undefined ? {} : { image_model: { type: imageType } }),
    ...(speechType === undefined || runSettings.speech_model !== undefined
      ? {}
      : { speech_model: { type: speechType } }),
  };
  const own = settings.agents.find((agent) => agent.agentId === agentId)?.settings;
  if (own !== undefined) {
    const {
      enable_image_generation: image,
      enable_audio_generation: audio,
      enable_multimodal_tools: all,
      ...rest
    } = own;
    const switched = image !== undefined || audio !== undefined || all !== undefined;
    if (!switched || Object.keys(rest).length > 0 || all === true)
      return { settings: { ...shared, ...rest }, tools: rest.tools ?? mediaToolNames };
    if (all === false) return undefined;
    const tools = [
      ...(image === true ? ['text_to_image' as const] : []),
      ...(audio === true ? ['text_to_speech' as const] : []),
    ];
    if (tools.length > 0) return { settings: shared, tools };
  }
  if (run === undefined || runSwitch === false) return undefined;
  // A block with no key at all is `tools.media: {}`; upstream's backend names alone are no request for tools.
  const keys = Object.keys(run);
  const asked =
    keys.length === 0 || keys.some((key) => key !== 'enable_multimodal_tools' && !backendNamesOnly.has(key));
  if (runSwitch !== true && !asked) return undefined;
  return { settings: shared, tools: shared.tools ?? mediaToolNames };
}
