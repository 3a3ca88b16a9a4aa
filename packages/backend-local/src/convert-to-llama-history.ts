import { textFileBlock } from '@massgen/backend-utils';
import type { Message, UserContentPart } from '@massgen/core';
import type { ChatHistoryItem, ChatModelFunctionCall, ChatModelResponse } from 'node-llama-cpp';

/**
 * Core messages as node-llama-cpp chat history, which the model's own chat template renders.
 * A tool result belongs inside the model response that made the call, and an assistant turn
 * interrupted by tool results is one model response, so those are merged. The history always
 * ends with a model response for the model to continue: an empty one after a user message.
 */
export function convertToLlamaHistory(messages: readonly Message[], extraSystemText?: string): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const pendingCalls = new Map<string, ChatModelFunctionCall>();
  let openResponse: ChatModelResponse | undefined;
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        history.push({ type: 'system', text: message.content });
        openResponse = undefined;
        break;
      case 'user':
        history.push({ type: 'user', text: userText(message.content) });
        openResponse = undefined;
        break;
      case 'assistant': {
        if (openResponse === undefined) {
          openResponse = { type: 'model', response: [] };
          history.push(openResponse);
        }
        if (message.content !== '') openResponse.response.push(message.content);
        for (const call of message.toolCalls ?? []) {
          const item: ChatModelFunctionCall = {
            type: 'functionCall',
            name: call.name,
            params: parseArguments(call.input),
            result: undefined,
          };
          pendingCalls.set(call.id, item);
          openResponse.response.push(item);
        }
        break;
      }
      case 'tool': {
        const call = pendingCalls.get(message.toolCallId);
        const result = message.isError === true ? `Error: ${message.content}` : message.content;
        if (call === undefined) {
          history.push({ type: 'user', text: `Result of ${message.toolName}: ${result}` });
          openResponse = undefined;
        } else {
          call.result = result;
        }
        break;
      }
    }
  }
  if (extraSystemText !== undefined) addSystemText(history, extraSystemText);
  const last = history.at(-1);
  if (last?.type !== 'model') history.push({ type: 'model', response: [] });
  return history;
}

/** The model reads text only; the backend has refused every media part but text files before this. */
function userText(content: string | readonly UserContentPart[]): string {
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : textFileBlock(part))).join('\n\n');
}

/** Tool instructions go with the first system message, or in one of their own at the start. */
function addSystemText(history: ChatHistoryItem[], text: string): void {
  const first = history[0];
  if (first?.type === 'system' && typeof first.text === 'string') {
    history[0] = { type: 'system', text: `${first.text}\n\n${text}` };
  } else {
    history.unshift({ type: 'system', text });
  }
}

/** Arguments the model wrote are JSON; anything else is kept as the text it was. */
function parseArguments(input: string): unknown {
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}
