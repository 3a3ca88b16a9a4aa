import { z } from 'zod';
import type { ToolModelChoice } from '@massgen/core';
import { choiceOf, flag, nonEmptyText, positiveNumber } from '@massgen/config/internal';

/** Every tool this package offers, in the order agents see them. */
export const mediaToolNames = [
  'understand_image',
  'understand_audio',
  'understand_video',
  'understand_file',
  'text_to_image',
  'text_to_speech',
] as const;

export type MediaToolName = (typeof mediaToolNames)[number];

/** Largest file or download a media tool reads, in megabytes, unless `max_file_mb` says otherwise. */
export const defaultMaxFileMegabytes = 20;
/** Seconds a media tool waits for a URL in all, unless `url_timeout_seconds` says otherwise. */
export const defaultUrlTimeoutSeconds = 30;
/** The image model used when `image_model` names none. */
export const defaultImageModel = 'gpt-image-1';
/** The speech model used when `speech_model` names none. */
export const defaultSpeechModel = 'gpt-4o-mini-tts';

/** A model for the tools: a backend block as agents write one (`type`, `model`, `base_url`, `api_key`, ...). */
const modelBlock = z
  .looseObject(
    {
      type: nonEmptyText('a backend type such as openai or gemini')
        .optional()
        .describe("The backend type; by default the calling agent's own."),
      model: nonEmptyText('a model name').optional().describe('The model; by default the one the tool names.'),
    },
    { error: 'expected a backend block: {type, model, base_url, api_key, ...}' },
  )
  .describe('A backend as an agent writes one; other keys (base_url, api_key, ...) go to that backend.');

/** `tools.media` (every agent) or an agent's `backend.tools.media` (that agent alone). */
export const mediaSettingsSchema = z.strictObject({
  tools: z
    .array(choiceOf(mediaToolNames), { error: 'expected a list of media tool names' })
    .min(1)
    .optional()
    .describe(`The tools to offer. Default: all of ${mediaToolNames.join(', ')}.`),
  model: modelBlock
    .optional()
    .describe(
      "The model that understands images, audio, video and files. Default: the calling agent's own backend and model.",
    ),
  image_model: modelBlock
    .optional()
    .describe(
      `The model text_to_image draws with. Default: OpenAI's ${defaultImageModel} (the agent's own key and base_url when it is an openai agent).`,
    ),
  speech_model: modelBlock
    .optional()
    .describe(
      `The model text_to_speech speaks with. Default: OpenAI's ${defaultSpeechModel} (the agent's own key and base_url when it is an openai agent).`,
    ),
  max_file_mb: positiveNumber()
    .optional()
    .describe(`Largest file or download a tool reads, in MB. Default ${defaultMaxFileMegabytes}.`),
  url_timeout_seconds: positiveNumber()
    .optional()
    .describe(`Seconds a tool waits for a URL in all. Default ${defaultUrlTimeoutSeconds}.`),
});

export type MediaSettings = z.output<typeof mediaSettingsSchema>;

/** The backend an upstream `*_generation_backend` names; only `openai` makes images and speech here. */
const generationBackend = nonEmptyText('a backend type such as openai');

/**
 * The run-wide part: `tools.media`, and upstream's switch and backend names, which the
 * configuration hands this package from `orchestrator` under the same names.
 */
export const mediaRunSettingsSchema = mediaSettingsSchema.extend({
  enable_multimodal_tools: flag()
    .optional()
    .describe("Upstream's switch: true gives every agent the media tools, false gives none."),
  image_generation_backend: generationBackend
    .optional()
    .describe(
      "Upstream's name of the backend text_to_image draws with; the type of image_model when that is not written.",
    ),
  audio_generation_backend: generationBackend
    .optional()
    .describe(
      "Upstream's name of the backend text_to_speech speaks with; the type of speech_model when that is not written.",
    ),
});

/** One agent's part: its `backend.tools.media`, and upstream's switches on its backend. */
export const mediaAgentSettingsSchema = mediaSettingsSchema.extend({
  enable_image_generation: flag().optional().describe("Upstream's switch: true gives this agent text_to_image."),
  enable_audio_generation: flag().optional().describe("Upstream's switch: true gives this agent text_to_speech."),
  enable_multimodal_tools: flag().optional().describe("Upstream's switch: true gives this agent every media tool."),
});

export type MediaRunSettings = z.output<typeof mediaRunSettingsSchema>;
export type MediaAgentSettings = z.output<typeof mediaAgentSettingsSchema>;
type ModelBlock = z.output<typeof modelBlock>;

/** A settings block as the choice `ToolModels.open` takes; absent keys fall back to the agent's own backend. */
export function modelChoice(block: ModelBlock | undefined, defaultModel?: string): ToolModelChoice {
  const { type, model, ...options } = block ?? {};
  const chosenModel = model ?? defaultModel;
  return {
    ...(type === undefined ? {} : { type }),
    ...(chosenModel === undefined ? {} : { model: chosenModel }),
    ...(Object.keys(options).length === 0 ? {} : { options }),
  };
}

/**
 * The choice for a generation tool: the configured block, by default OpenAI, whose model is the
 * tool's default unless named; for an openai agent that is its own backend (its key and base_url).
 */
export function generationChoice(block: ModelBlock | undefined, defaultModel: string): ToolModelChoice {
  const type = block?.type ?? 'openai';
  return modelChoice({ ...block, type }, type === 'openai' ? defaultModel : undefined);
}
