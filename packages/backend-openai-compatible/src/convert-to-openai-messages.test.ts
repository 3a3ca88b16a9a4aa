import { describe, expect, it } from 'vitest';
import { convertToOpenAIMessages } from './convert-to-openai-messages.js';

describe('convertToOpenAIMessages', () => {
  it('converts every role, keeping the link between tool calls and results', () => {
    expect(
      convertToOpenAIMessages([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Add 2 and 3.' },
        {
          role: 'assistant',
          content: 'Calling the adder.',
          toolCalls: [{ id: 'call_1', name: 'add', input: '{"a":2,"b":3}' }],
        },
        { role: 'tool', toolCallId: 'call_1', toolName: 'add', content: '5' },
        { role: 'assistant', content: 'It is 5.' },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Add 2 and 3.' },
      {
        role: 'assistant',
        content: 'Calling the adder.',
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '5' },
      { role: 'assistant', content: 'It is 5.' },
    ]);
  });

  it('sends null content beside tool calls, {} for empty arguments, and marks failed tools', () => {
    expect(
      convertToOpenAIMessages([
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_2', name: 'now', input: '' }] },
        { role: 'tool', toolCallId: 'call_2', toolName: 'now', content: 'clock unavailable', isError: true },
      ]),
    ).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'now', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'Error: clock unavailable' },
    ]);
  });
});
