import type { AssistantMessage } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { convertToOpenAIResponsesInput } from './convert-to-openai-responses-input.js';
import { openAIProviderMetadata } from './openai-provider-metadata.js';

const call = { id: 'call_a', name: 'lookup', input: '{"q":"x"}' };

describe('convertToOpenAIResponsesInput', () => {
  it('gives back a recorded response in its order, with its ids, reasoning encrypted', () => {
    const assistant: AssistantMessage = {
      role: 'assistant',
      content: 'Looking.',
      toolCalls: [call],
      providerMetadata: openAIProviderMetadata([
        { type: 'reasoning', id: 'rs_1', summary: ['Plan.'], encryptedContent: 'gAAAAAxyz' },
        { type: 'message', id: 'msg_1' },
        { type: 'function_call', id: 'fc_1', callId: 'call_a' },
      ]),
    };
    expect(convertToOpenAIResponsesInput([assistant], { systemRole: 'developer' })).toEqual([
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'Plan.' }],
        encrypted_content: 'gAAAAAxyz',
      },
      {
        type: 'message',
        role: 'assistant',
        id: 'msg_1',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Looking.', annotations: [] }],
      },
      { type: 'function_call', id: 'fc_1', call_id: 'call_a', name: 'lookup', arguments: '{"q":"x"}' },
    ]);
  });

  it('refers to stored reasoning by id, and adds calls the record does not know', () => {
    const assistant: AssistantMessage = {
      role: 'assistant',
      content: '',
      toolCalls: [call, { id: 'call_b', name: 'other', input: '' }],
      providerMetadata: openAIProviderMetadata([
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'function_call', id: 'fc_1', callId: 'call_a' },
        { type: 'function_call', id: 'fc_9', callId: 'call_gone' },
      ]),
    };
    expect(convertToOpenAIResponsesInput([assistant], { systemRole: 'developer' })).toEqual([
      { type: 'item_reference', id: 'rs_1' },
      { type: 'function_call', id: 'fc_1', call_id: 'call_a', name: 'lookup', arguments: '{"q":"x"}' },
      { type: 'function_call', call_id: 'call_b', name: 'other', arguments: '{}' },
    ]);
  });

  it('converts a history without records to plain messages, calls and outputs, marking failed tools', () => {
    expect(
      convertToOpenAIResponsesInput(
        [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          {
            role: 'assistant',
            content: 'Let me look.',
            toolCalls: [call],
            providerMetadata: { claude: { thinking: [] } },
          },
          { role: 'tool', toolCallId: 'call_a', toolName: 'lookup', content: 'Not found', isError: true },
          { role: 'assistant', content: 'Nothing there.' },
        ],
        { systemRole: 'system' },
      ),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Let me look.' },
      { type: 'function_call', call_id: 'call_a', name: 'lookup', arguments: '{"q":"x"}' },
      { type: 'function_call_output', call_id: 'call_a', output: 'Error: Not found' },
      { role: 'assistant', content: 'Nothing there.' },
    ]);
  });
});
