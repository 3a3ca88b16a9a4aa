import type { FakeRequestView } from './fake-openai-route.js';
import { readResponsesContentParts } from './fake-responses-media.js';
import type { FakeChatMessage, FakeChatTool } from './fake-openai-server-types.js';

type Item = Record<string, unknown>;

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a message's content: a string, or the `text` of each content part. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isItem(part) && typeof part['text'] === 'string' ? part['text'] : '')).join('');
}

/** The `input` array of a Responses request: a bare string is one user message. */
export function responsesInputItems(body: Record<string, unknown>): Item[] {
  const input = body['input'];
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  return Array.isArray(input) ? input.filter(isItem) : [];
}

function toChatMessages(body: Record<string, unknown>): FakeChatMessage[] {
  const messages: FakeChatMessage[] = [];
  if (typeof body['instructions'] === 'string') messages.push({ role: 'system', content: body['instructions'] });
  for (const item of responsesInputItems(body)) {
    const type = item['type'] ?? 'message';
    if (type === 'message' && typeof item['role'] === 'string') {
      messages.push({
        role: item['role'] === 'developer' ? 'system' : item['role'],
        content: contentText(item['content']),
      });
    } else if (type === 'function_call') {
      const call = {
        id: String(item['call_id']),
        type: 'function',
        function: {
          name: String(item['name']),
          arguments: typeof item['arguments'] === 'string' ? item['arguments'] : '',
        },
      };
      const previous = messages.at(-1);
      // Consecutive calls (and the text before them) form one assistant turn in Chat Completions.
      if (previous?.role === 'assistant') previous.tool_calls = [...(previous.tool_calls ?? []), call];
      else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    } else if (type === 'function_call_output') {
      messages.push({ role: 'tool', tool_call_id: String(item['call_id']), content: contentText(item['output']) });
    }
  }
  return messages;
}

function toChatTools(body: Record<string, unknown>): FakeChatTool[] {
  const tools = Array.isArray(body['tools']) ? body['tools'].filter(isItem) : [];
  return tools
    .filter((tool) => tool['type'] === 'function' && typeof tool['name'] === 'string')
    .map((tool) => ({
      type: 'function',
      function: {
        name: tool['name'] as string,
        ...(typeof tool['description'] === 'string' ? { description: tool['description'] } : {}),
        ...(isItem(tool['parameters']) ? { parameters: tool['parameters'] } : {}),
      },
    }));
}

/**
 * A Responses request in Chat Completions form: instructions and input messages as messages,
 * `function_call` items as assistant tool calls, their outputs as tool messages, and flat
 * function tools as nested ones. Reasoning items have no Chat Completions form and are left out.
 */
export function responsesView(body: Record<string, unknown>): FakeRequestView {
  return {
    model: typeof body['model'] === 'string' ? body['model'] : '',
    messages: toChatMessages(body),
    tools: toChatTools(body),
    stream: body['stream'] === true,
    media: readResponsesContentParts(responsesInputItems(body)).media,
  };
}
