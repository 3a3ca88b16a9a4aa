import type { Message } from '@massgen/core';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/**
 * Converts MassGen's provider-neutral messages to Chat Completions messages. Tool results carry
 * no error flag in this format, so a failed tool says so in its text for the model to notice.
 */
export function convertToOpenAIMessages(messages: readonly Message[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return { role: 'user', content: message.content };
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
