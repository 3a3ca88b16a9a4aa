import type { MediaSupport } from '@massgen/backend-utils';

/**
 * What a Chat Completions request can carry as OpenAI defines it: images (`image_url`, also by
 * URL), PDFs (`file`) and WAV or MP3 recordings (`input_audio`). A compatible server that takes
 * less answers with its own error, which names the agent and the server's reason.
 */
export const chatCompletionsMediaTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'audio/wav',
  'audio/mpeg',
] as const;

export function chatCompletionsMediaSupport(providerName: string, mediaTypes?: readonly string[]): MediaSupport {
  const types = mediaTypes ?? chatCompletionsMediaTypes;
  return {
    apiName: `${providerName}'s Chat Completions API`,
    mediaTypes: types,
    urlMediaTypes: types.filter((type) => type.startsWith('image/')),
  };
}
