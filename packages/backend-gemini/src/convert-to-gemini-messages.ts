import { conversationTurns, isTextMediaType, mediaSourceOf, textFileBlock } from '@massgen/backend-utils';
import type { AssistantMessage, Message, ToolResultMessage, UserContentPart } from '@massgen/core';
import type { Content, Part } from '@google/genai';
import { readGeminiMetadata } from './gemini-provider-metadata.js';

/**
 * Google's documented stand-in for a signature that was never issued, for function calls that
 * come from another model or from a history without signatures. Gemini 3 skips the check for it.
 */
export const placeholderThoughtSignature = 'skip_thought_signature_validator';

export interface GeminiMessages {
  systemInstruction?: Content;
  contents: Content[];
}

export interface ConvertOptions {
  /** Put the placeholder signature on unsigned replayed calls, for models that require signatures. */
  fillMissingSignatures: boolean;
}

/** Gemini wants the arguments as an object; anything else the history holds is wrapped in one. */
function parseArguments(input: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(input === '' ? '{}' : input);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    return { value };
  } catch {
    return { input };
  }
}

function assistantParts(message: AssistantMessage, options: ConvertOptions, modelCallIds: Set<string>): Part[] {
  const metadata = readGeminiMetadata(message.providerMetadata);
  for (const id of metadata?.modelCallIds ?? []) modelCallIds.add(id);
  const calls = message.toolCalls ?? [];
  // What Google's own tools did comes first, as it did in the response: before the text they
  // grounded and the function calls made after them.
  const parts: Part[] = (metadata?.serverToolParts ?? []).map((part) => ({ ...part }));
  if (message.content !== '') {
    const textSignature = calls.length === 0 ? metadata?.textSignature : undefined;
    parts.push({ text: message.content, ...(textSignature === undefined ? {} : { thoughtSignature: textSignature }) });
  }
  const signed = calls.some((call) => metadata?.callSignatures[call.id] !== undefined);
  calls.forEach((call, position) => {
    const signature =
      metadata?.callSignatures[call.id] ??
      (!signed && position === 0 && options.fillMissingSignatures ? placeholderThoughtSignature : undefined);
    parts.push({
      functionCall: {
        ...(modelCallIds.has(call.id) ? { id: call.id } : {}),
        name: call.name,
        args: parseArguments(call.input),
      },
      ...(signature === undefined ? {} : { thoughtSignature: signature }),
    });
  });
  return parts;
}

/** Media go inline (`inlineData`), or by URI (`fileData`); text files become text. */
function userParts(content: string | readonly UserContentPart[]): Part[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.flatMap((part): Part[] => {
    if (part.type === 'text') return part.text === '' ? [] : [{ text: part.text }];
    if (isTextMediaType(part.mediaType)) return [{ text: textFileBlock(part) }];
    const source = mediaSourceOf(part);
    return source.type === 'url'
      ? [{ fileData: { fileUri: source.url, mimeType: part.mediaType } }]
      : [{ inlineData: { mimeType: part.mediaType, data: source.base64 } }];
  });
}

/** Google's convention for function results: `output` on success, `error` on failure. */
function toolResultPart(message: ToolResultMessage, modelCallIds: ReadonlySet<string>): Part {
  return {
    functionResponse: {
      ...(modelCallIds.has(message.toolCallId) ? { id: message.toolCallId } : {}),
      name: message.toolName,
      response: message.isError === true ? { error: message.content } : { output: message.content },
    },
  };
}

/**
 * Converts the conversation to Gemini's form: system messages become the system instruction,
 * assistant turns `model` contents (with the signatures Gemini issued replayed), and tool results
 * `functionResponse` parts of a `user` content. Consecutive contents of one role are merged, so
 * all results of one step answer its calls together, as Gemini expects. Empty texts are left out
 * because Gemini rejects an empty text part.
 */
export function convertToGeminiMessages(messages: readonly Message[], options: ConvertOptions): GeminiMessages {
  const modelCallIds = new Set<string>();
  const { system, turns } = conversationTurns<'model', Part>(messages, {
    assistantRole: 'model',
    user: userParts,
    assistant: (message) => assistantParts(message, options, modelCallIds),
    tool: (message) => [toolResultPart(message, modelCallIds)],
  });
  const contents: Content[] = turns.map(({ role, parts }) => ({ role, parts }));
  return {
    ...(system.length === 0 ? {} : { systemInstruction: { parts: [{ text: system.join('\n\n') }] } }),
    contents,
  };
}
