import { describe, expect, it } from 'vitest';
import { convertToClaudeMessages } from './convert-to-claude-messages.js';

describe('convertToClaudeMessages', () => {
  it('takes every system message out of the turns, joined in order', () => {
    expect(
      convertToClaudeMessages([
        { role: 'system', content: 'You are careful.' },
        { role: 'user', content: 'Hi' },
        { role: 'system', content: 'Answer in French.' },
      ]),
    ).toEqual({
      system: 'You are careful.\n\nAnswer in French.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
  });

  it('merges consecutive turns of one role and puts tool results before text in a user turn', () => {
    const { messages } = convertToClaudeMessages([
      { role: 'user', content: 'First.' },
      { role: 'user', content: 'Second.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'toolu_1', name: 'lookup', input: '{"q":"x"}' }] },
      { role: 'user', content: 'Also this.' },
      { role: 'tool', toolCallId: 'toolu_1', toolName: 'lookup', content: 'found' },
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'First.' },
          { type: 'text', text: 'Second.' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'x' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'found' },
          { type: 'text', text: 'Also this.' },
        ],
      },
    ]);
  });

  it('leaves out empty text, and an assistant turn that has nothing else', () => {
    const { messages, system } = convertToClaudeMessages([
      { role: 'system', content: '' },
      { role: 'user', content: 'Q' },
      { role: 'assistant', content: '' },
      { role: 'user', content: '' },
    ]);
    expect(system).toBeUndefined();
    expect(messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Q' }] }]);
  });

  it('sends tool input that is not a JSON object as an empty object, since Claude requires one', () => {
    const { messages } = convertToClaudeMessages([
      {
        role: 'assistant',
        content: 'x',
        toolCalls: [
          { id: 'a', name: 't', input: '{"cut": ' },
          { id: 'b', name: 't', input: '[1, 2]' },
          { id: 'c', name: 't', input: '  ' },
        ],
      },
    ]);
    expect(messages[0]?.content.slice(1)).toEqual([
      { type: 'tool_use', id: 'a', name: 't', input: {} },
      { type: 'tool_use', id: 'b', name: 't', input: {} },
      { type: 'tool_use', id: 'c', name: 't', input: {} },
    ]);
  });

  it('replays thinking blocks from the metadata ahead of the text and tool calls, dropping malformed ones', () => {
    const { messages } = convertToClaudeMessages([
      {
        role: 'assistant',
        content: 'Let me check.',
        toolCalls: [{ id: 'toolu_1', name: 'lookup', input: '{}' }],
        providerMetadata: {
          claude: {
            thinking: [
              { type: 'thinking', thinking: 'Plan.', signature: 'sig' },
              { type: 'thinking', thinking: 'No signature.' },
              { type: 'redacted_thinking', data: 'blob' },
              'nonsense',
            ],
          },
          openai: { reasoning: ['ignored'] },
        },
      },
    ]);
    expect(messages[0]?.content).toEqual([
      { type: 'thinking', thinking: 'Plan.', signature: 'sig' },
      { type: 'redacted_thinking', data: 'blob' },
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} },
    ]);
  });

  it('marks a failed tool result as an error', () => {
    const { messages } = convertToClaudeMessages([
      { role: 'tool', toolCallId: 'x', toolName: 't', content: 'boom', isError: true },
    ]);
    expect(messages[0]?.content).toEqual([{ type: 'tool_result', tool_use_id: 'x', content: 'boom', is_error: true }]);
  });
});
