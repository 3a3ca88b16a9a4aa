import { MassGenError } from '@massgen/core';
import type { Message } from '@massgen/core';
import { describeMediaPart, isTextMediaType, mediaPartsOf, mediaTypeMatches } from './media-content.js';
import { readMediaFiles } from './media-files.js';

/** What media a provider's API takes, for the check every backend makes before a call. */
export interface MediaSupport {
  /** The API in messages: "OpenAI's Responses API", "Claude's Messages API". */
  apiName: string;
  /**
   * Media types it takes as media, as types or patterns (`image/png`, `image/*`). Text files
   * (`text/*`, JSON, YAML, ...) need no entry: they are written into the message as text.
   */
  mediaTypes: readonly string[];
  /** Media types it fetches from a URL itself; for the others the request must carry the bytes. */
  urlMediaTypes: readonly string[];
}

/** Who makes the call, for the message. */
export interface MediaCaller {
  agentId: string;
  provider: string;
  modelId: string;
}

/** No media at all: a text-only API still reads text files. */
export function textOnlyMediaSupport(apiName: string): MediaSupport {
  return { apiName, mediaTypes: [], urlMediaTypes: [] };
}

function accepts(patterns: readonly string[], mediaType: string): boolean {
  return patterns.some((pattern) => mediaTypeMatches(mediaType, pattern));
}

function describeAccepted(support: MediaSupport): string {
  return support.mediaTypes.length === 0
    ? 'only text (text files are put into the message)'
    : `${support.mediaTypes.join(', ')} and text files`;
}

/**
 * The first media part of the conversation the provider cannot take, as an error for the
 * backend to yield instead of making the call: a part is never dropped without a word.
 */
export function findUnsupportedMedia(
  messages: readonly Message[],
  support: MediaSupport,
  caller: MediaCaller,
): MassGenError | undefined {
  for (const part of mediaPartsOf(messages)) {
    const who = `Agent "${caller.agentId}" (${caller.provider}/${caller.modelId})`;
    if (isTextMediaType(part.mediaType)) {
      if (part.data.type !== 'url') continue;
      return new MassGenError({
        code: 'MEDIA_UNSUPPORTED',
        message: `${who} cannot send the text file ${describeMediaPart(part)} by URL: text files are put into the message, so give its contents or a path.`,
        agentId: caller.agentId,
        provider: caller.provider,
      });
    }
    if (!accepts(support.mediaTypes, part.mediaType)) {
      return new MassGenError({
        code: 'MEDIA_UNSUPPORTED',
        message: `${who} cannot send ${describeMediaPart(part)}: ${support.apiName} takes ${describeAccepted(support)}. Remove the attachment, or give this agent a backend that takes ${part.mediaType}.`,
        agentId: caller.agentId,
        provider: caller.provider,
      });
    }
    if (part.data.type === 'url' && !accepts(support.urlMediaTypes, part.mediaType)) {
      return new MassGenError({
        code: 'MEDIA_UNSUPPORTED',
        message: `${who} cannot send ${describeMediaPart(part)} by URL: ${support.apiName} needs the bytes of ${part.mediaType} in the request. Attach the file, or let massgen fetch the URL (as a run does).`,
        agentId: caller.agentId,
        provider: caller.provider,
      });
    }
  }
  return undefined;
}

/**
 * What a backend does with a conversation's media before its call: refuse what the API cannot
 * take (a `MEDIA_UNSUPPORTED` error, thrown), and read the files that parts name.
 */
export async function prepareMediaMessages(
  messages: readonly Message[],
  support: MediaSupport,
  caller: MediaCaller,
): Promise<Message[]> {
  const unsupported = findUnsupportedMedia(messages, support, caller);
  if (unsupported !== undefined) throw unsupported;
  return readMediaFiles(messages);
}
