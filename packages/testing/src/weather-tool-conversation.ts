import type { Message, ToolDefinition } from '@massgen/core';

/** The tool the backends' request tests offer: a weather lookup by city. */
export const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};

/**
 * A history a backend must turn into its provider's tool turns: a system prompt, the question,
 * the assistant's `get_weather` call for Paris (`call_1`, after `assistantText`) and that call's
 * failed result, "No data".
 */
export function failedWeatherLookup(assistantText: string): Message[] {
  return [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: assistantText,
      toolCalls: [{ id: 'call_1', name: 'get_weather', input: '{"city":"Paris"}' }],
    },
    { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: 'No data', isError: true },
  ];
}
