import { isTextMediaType, mediaSourceOf, mediaUrlOf, textFileBlock } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type { MediaPart, Message, UserContentPart } from '@massgen/core';
import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/** The `input_audio` formats Chat Completions names, by media type. */
const audioFormats: Readonly<Record<string, 'wav' | 'mp3'>> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};

function mediaContentPart(part: MediaPart): ChatCompletionContentPart {
  if (isTextMediaType(part.mediaType)) return { type: 'text', text: textFileBlock(part) };
  if (part.mediaType.startsWith('image/')) return { type: 'image_url', image_url: { url: mediaUrlOf(part) } };
  const format = audioFormats[part.mediaType];
  const source = mediaSourceOf(part);
  if (format !== undefined && source.type === 'base64')
    return { type: 'input_audio', input_audio: { data: source.base64, format } };
  if (part.mediaType === 'application/pdf' && source.type === 'base64') {
    return {
      type: 'file',
      file: { filename: part.filename ?? 'document.pdf', file_data: mediaUrlOf(part) },
    };
  }
  // The backend checks the conversation against what the API takes before it gets here.
  throw new MassGenError({
    code: 'MEDIA_UNSUPPORTED',
    message: `Chat Completions has no content part for ${part.mediaType}.`,
  });
}

function userContent(content: string | readonly UserContentPart[]): string | ChatCompletionContentPart[] {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? { type: 'text', text: part.text } : mediaContentPart(part)));
}

/**
 * Converts MassGen's provider-neutral messages to Chat Completions messages. Tool results carry
 * no error flag in this format, so a failed tool says so in its text for the model to notice.
 * Media become content parts (`image_url`, `input_audio`, `file`); text files become text.
 */
export function convertToOpenAIMessages(messages: readonly Message[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return { role: 'user', content: userContent(message.content) };
      case 'assistant': {
        const toolCalls = message.toolCalls ?? [];
        if (toolCalls.length === 0) return { role: 'assistant', content: message.content };
        return {
          role: 'assistant',
          // Several servers reject an empty string next to tool calls; null is what OpenAI sends.
          content: message.content === '' ? null : message.content,
          tool_calls: toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.input === '' ? '{}' : call.input },
          })),
        };
      }
      case 'tool':
        return {
          role: 'tool',
          tool_call_id: message.toolCallId,
          content: message.isError === true ? `Error: ${message.content}` : message.content,
        };
    }
  });
}
