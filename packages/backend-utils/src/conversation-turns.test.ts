import { describe, expect, it } from 'vitest';
import type { Message } from '@massgen/core';
import { conversationTurns, type TurnParts } from './conversation-turns.js';

/** Parts written as plain strings, so the test reads which message each part came from. */
const write: TurnParts<'model', string> = {
  assistantRole: 'model',
  user: (content) =>
    typeof content === 'string' ? [`user: ${content}`] : content.map((part) => `user part: ${part.type}`),
  assistant: (message) => [
    ...(message.content === '' ? [] : [`said: ${message.content}`]),
    ...(message.toolCalls ?? []).map((call) => `called: ${call.name}`),
  ],
  tool: (message) => [`result of ${message.toolCallId}`],
};

describe('conversationTurns', () => {
  it('takes the system texts apart, leaving out empty ones', () => {
    const messages: Message[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: '' },
      { role: 'user', content: 'Hi' },
      { role: 'system', content: 'Answer in French.' },
    ];
    expect(conversationTurns(messages, write)).toEqual({
      system: ['Be brief.', 'Answer in French.'],
      turns: [{ role: 'user', parts: ['user: Hi'] }],
    });
  });

  it("merges consecutive turns of one role, so one step's tool results answer its calls together", () => {
    const messages: Message[] = [
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'a', name: 'weather', input: '{"city":"Paris"}' },
          { id: 'b', name: 'weather', input: '{"city":"Rome"}' },
        ],
      },
      { role: 'tool', toolCallId: 'a', toolName: 'weather', content: 'Sunny' },
      { role: 'tool', toolCallId: 'b', toolName: 'weather', content: 'Rain' },
      { role: 'user', content: 'Thanks' },
      { role: 'assistant', content: 'You are welcome.' },
    ];
    expect(conversationTurns(messages, write).turns).toEqual([
      { role: 'user', parts: ['user: Weather in Paris and Rome?'] },
      { role: 'model', parts: ['called: weather', 'called: weather'] },
      { role: 'user', parts: ['result of a', 'result of b', 'user: Thanks'] },
      { role: 'model', parts: ['said: You are welcome.'] },
    ]);
  });

  it('leaves out a message that comes out without parts, so the turns around it still merge', () => {
    const messages: Message[] = [
      { role: 'user', content: 'One' },
      { role: 'assistant', content: '' },
      { role: 'user', content: 'Two' },
    ];
    expect(conversationTurns(messages, write).turns).toEqual([{ role: 'user', parts: ['user: One', 'user: Two'] }]);
  });
});
