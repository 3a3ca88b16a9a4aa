import type { AssistantMessage, Message } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { convertToGeminiMessages, placeholderThoughtSignature } from './convert-to-gemini-messages.js';

const plain = { fillMissingSignatures: false };

/** An assistant turn with no text that calls f, g and h (ids a, b and c) in turn, with `inputs` as their arguments. */
function callingTurn(...inputs: string[]): AssistantMessage {
  const calls = inputs.map((input, index) => ({ id: 'abc'.charAt(index), name: 'fgh'.charAt(index), input }));
  return { role: 'assistant', content: '', toolCalls: calls };
}

describe('convertToGeminiMessages', () => {
  it('joins system messages into the system instruction and keeps user and model turns in order', () => {
    const messages: Message[] = [
      { role: 'system', content: 'You are one of several agents.' },
      { role: 'system', content: 'Answer briefly.' },
      { role: 'user', content: 'What is 2 + 2?' },
      { role: 'assistant', content: 'Four.' },
      { role: 'user', content: 'And 3 + 3?' },
    ];
    expect(convertToGeminiMessages(messages, plain)).toEqual({
      systemInstruction: { parts: [{ text: 'You are one of several agents.\n\nAnswer briefly.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'What is 2 + 2?' }] },
        { role: 'model', parts: [{ text: 'Four.' }] },
        { role: 'user', parts: [{ text: 'And 3 + 3?' }] },
      ],
    });
  });

  it('merges consecutive turns of one role and leaves empty texts out', () => {
    const messages: Message[] = [
      { role: 'user', content: 'First.' },
      { role: 'user', content: '' },
      { role: 'user', content: 'Second.' },
      { role: 'assistant', content: '' },
    ];
    expect(convertToGeminiMessages(messages, plain)).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'First.' }, { text: 'Second.' }] }],
    });
  });

  it('replays signatures and model ids from the metadata, and sends back only ids Gemini chose', () => {
    const messages: Message[] = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: 'Checking.',
        toolCalls: [
          { id: 'gemini-id', name: 'lookup', input: '{"city":"Paris"}' },
          { id: 'call_ours', name: 'lookup', input: '{"city":"Lyon"}' },
        ],
        providerMetadata: { gemini: { callSignatures: { 'gemini-id': 'c2ln' }, modelCallIds: ['gemini-id'] } },
      },
      { role: 'tool', toolCallId: 'gemini-id', toolName: 'lookup', content: 'sunny' },
      { role: 'tool', toolCallId: 'call_ours', toolName: 'lookup', content: 'rain' },
    ];
    expect(convertToGeminiMessages(messages, plain).contents.slice(1)).toEqual([
      {
        role: 'model',
        parts: [
          { text: 'Checking.' },
          { functionCall: { id: 'gemini-id', name: 'lookup', args: { city: 'Paris' } }, thoughtSignature: 'c2ln' },
          { functionCall: { name: 'lookup', args: { city: 'Lyon' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'gemini-id', name: 'lookup', response: { output: 'sunny' } } },
          { functionResponse: { name: 'lookup', response: { output: 'rain' } } },
        ],
      },
    ]);
  });

  it('signs the text of a turn without calls when Gemini signed it', () => {
    const messages: Message[] = [
      {
        role: 'assistant',
        content: 'Done.',
        providerMetadata: { gemini: { callSignatures: {}, textSignature: 'dGV4dA==', modelCallIds: [] } },
      },
    ];
    expect(convertToGeminiMessages(messages, plain).contents).toEqual([
      { role: 'model', parts: [{ text: 'Done.', thoughtSignature: 'dGV4dA==' }] },
    ]);
  });

  it('puts the placeholder signature on the first unsigned call only for models that require signatures', () => {
    const messages = [callingTurn('{}', '{}')];
    const required = convertToGeminiMessages(messages, { fillMissingSignatures: true }).contents[0]?.parts;
    expect(required).toEqual([
      { functionCall: { name: 'f', args: {} }, thoughtSignature: placeholderThoughtSignature },
      { functionCall: { name: 'g', args: {} } },
    ]);
    expect(convertToGeminiMessages(messages, plain).contents[0]?.parts).toEqual([
      { functionCall: { name: 'f', args: {} } },
      { functionCall: { name: 'g', args: {} } },
    ]);
  });

  it('sends failed tool results under error, and wraps arguments that are not a JSON object', () => {
    const messages: Message[] = [
      callingTurn('not json', '[1, 2]', ''),
      { role: 'tool', toolCallId: 'a', toolName: 'f', content: 'bad input', isError: true },
    ];
    const { contents } = convertToGeminiMessages(messages, plain);
    expect(contents[0]?.parts?.map((part) => part.functionCall?.args)).toEqual([
      { input: 'not json' },
      { value: [1, 2] },
      {},
    ]);
    expect(contents[1]?.parts).toEqual([{ functionResponse: { name: 'f', response: { error: 'bad input' } } }]);
  });

  it('ignores metadata of the wrong shape instead of failing', () => {
    const messages: Message[] = [
      {
        ...callingTurn('{}'),
        content: 'x',
        providerMetadata: { gemini: { callSignatures: { a: 7 }, modelCallIds: 'a' } },
      },
    ];
    expect(convertToGeminiMessages(messages, plain).contents[0]?.parts).toEqual([
      { text: 'x' },
      { functionCall: { name: 'f', args: {} } },
    ]);
  });
});
