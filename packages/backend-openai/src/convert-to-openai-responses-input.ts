import { isTextMediaType, mediaSourceOf, mediaUrlOf, textFileBlock } from '@massgen/backend-utils';
import { MassGenError } from '@massgen/core';
import type { AssistantMessage, MediaPart, Message, ToolCall, UserContentPart } from '@massgen/core';
import type { ResponseInputContent, ResponseInputItem } from 'openai/resources/responses/responses';
import { readOpenAIProviderMetadata } from './openai-provider-metadata.js';

export interface ResponsesInputOptions {
  /** Reasoning models take instructions as `developer` messages. */
  systemRole: 'system' | 'developer';
}

function mediaInputPart(part: MediaPart): ResponseInputContent {
  if (isTextMediaType(part.mediaType)) return { type: 'input_text', text: textFileBlock(part) };
  if (part.mediaType.startsWith('image/')) return { type: 'input_image', image_url: mediaUrlOf(part), detail: 'auto' };
  if (part.mediaType === 'application/pdf') {
    const filename = part.filename ?? 'document.pdf';
    return mediaSourceOf(part).type === 'url'
      ? { type: 'input_file', file_url: mediaUrlOf(part), filename }
      : { type: 'input_file', file_data: mediaUrlOf(part), filename };
  }
  // The backend checks the conversation against what the API takes before it gets here.
  throw new MassGenError({
    code: 'MEDIA_UNSUPPORTED',
    message: `OpenAI's Responses API has no input part for ${part.mediaType}.`,
  });
}

function userInput(content: string | readonly UserContentPart[]): string | ResponseInputContent[] {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? { type: 'input_text', text: part.text } : mediaInputPart(part)));
}

function functionCall(call: ToolCall, id?: string): ResponseInputItem {
  return {
    type: 'function_call',
    call_id: call.id,
    name: call.name,
    arguments: call.input === '' ? '{}' : call.input,
    ...(id === undefined ? {} : { id }),
  };
}

/**
 * An assistant turn as input items. When the response it came from was recorded (see
 * `openai-provider-metadata.ts`), its items are given back in their order with their ids: the
 * reasoning (encrypted, or by reference when OpenAI stored it), the text and the calls, so that a
 * reasoning model continues its own thinking after the tool results. Otherwise, plain text and calls.
 */
function convertAssistant(message: AssistantMessage): ResponseInputItem[] {
  const remainingCalls = new Map((message.toolCalls ?? []).map((call) => [call.id, call]));
  const items: ResponseInputItem[] = [];
  let textPlaced = message.content === '';
  for (const record of readOpenAIProviderMetadata(message.providerMetadata) ?? []) {
    if (record.type === 'reasoning') {
      items.push(
        record.encryptedContent === undefined
          ? { type: 'item_reference', id: record.id }
          : {
              type: 'reasoning',
              id: record.id,
              summary: record.summary.map((text) => ({ type: 'summary_text', text })),
              encrypted_content: record.encryptedContent,
            },
      );
    } else if (record.type === 'message' && !textPlaced) {
      items.push({
        type: 'message',
        role: 'assistant',
        id: record.id,
        status: 'completed',
        content: [{ type: 'output_text', text: message.content, annotations: [] }],
      });
      textPlaced = true;
    } else if (record.type === 'function_call') {
      const call = remainingCalls.get(record.callId);
      if (call === undefined) continue;
      items.push(functionCall(call, record.id));
      remainingCalls.delete(record.callId);
    }
  }
  if (!textPlaced) items.push({ role: 'assistant', content: message.content });
  for (const call of remainingCalls.values()) items.push(functionCall(call));
  return items;
}

/**
 * Converts MassGen's messages to Responses API input items. Tool results carry no error flag in
 * this format, so a failed tool says so in its text for the model to notice. Images become
 * `input_image` and PDFs `input_file` parts; text files become text.
 */
export function convertToOpenAIResponsesInput(
  messages: readonly Message[],
  options: ResponsesInputOptions,
): ResponseInputItem[] {
  return messages.flatMap((message): ResponseInputItem[] => {
    switch (message.role) {
      case 'system':
        return [{ role: options.systemRole, content: message.content }];
      case 'user':
        return [{ role: 'user', content: userInput(message.content) }];
      case 'assistant':
        return convertAssistant(message);
      case 'tool':
        return [
          {
            type: 'function_call_output',
            call_id: message.toolCallId,
            output: message.isError === true ? `Error: ${message.content}` : message.content,
          },
        ];
    }
  });
}
