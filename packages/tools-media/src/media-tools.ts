import type { Tool } from '@massgen/core';
import { textToImage, textToSpeech } from './generate-tools.js';
import type { MediaToolContext } from './media-tool-context.js';
import { mediaToolNames } from './media-settings.js';
import type { MediaToolName } from './media-settings.js';
import { understandAudio, understandFile, understandImage, understandVideo } from './understand-tools.js';

const factories: Readonly<Record<MediaToolName, (context: MediaToolContext) => Tool>> = {
  understand_image: understandImage,
  understand_audio: understandAudio,
  understand_video: understandVideo,
  understand_file: understandFile,
  text_to_image: textToImage,
  text_to_speech: textToSpeech,
};

/** One agent's media tools: those the settings name, else all six. */
export function createMediaTools(context: MediaToolContext, names?: readonly MediaToolName[]): Tool[] {
  return (names ?? context.settings.tools ?? mediaToolNames).map((name) => factories[name](context));
}

/** Whether a name is one of this package's tools. */
export function isMediaToolName(name: string): name is MediaToolName {
  return (mediaToolNames as readonly string[]).includes(name);
}
