import { MassGenError, type StreamPart } from '@massgen/core';
import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { mapGeminiStream } from './gemini-stream.js';
import { collectParts } from '@massgen/testing';

function chunks(...items: Array<Record<string, unknown>>): AsyncIterable<GenerateContentResponse> {
  return (async function* () {
    yield* items as unknown as GenerateContentResponse[];
  })();
}

function candidate(parts: Array<Record<string, unknown>>, finishReason?: string): Record<string, unknown> {
  return {
    candidates: [
      { content: { role: 'model', parts }, index: 0, ...(finishReason === undefined ? {} : { finishReason }) },
    ],
  };
}

let counter = 0;
const options = { providerName: 'Gemini', createCallId: () => `generated-${(counter += 1)}` };

async function failure(stream: AsyncIterable<StreamPart>): Promise<MassGenError> {
  try {
    await collectParts(stream);
  } catch (error) {
    if (MassGenError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the stream to fail');
}

describe('mapGeminiStream', () => {
  it('maps thoughts, text, calls and signatures, then metadata, usage and finish, in that order', async () => {
    counter = 0;
    const parts = await collectParts(
      mapGeminiStream(
        chunks(
          { ...candidate([{ text: 'Thinking', thought: true }]), usageMetadata: { promptTokenCount: 5 } },
          candidate([{ text: 'Calling.' }]),
          {
            ...candidate(
              [
                { functionCall: { name: 'f', args: { a: 1 } }, thoughtSignature: 'c2ln' },
                { functionCall: { id: 'model-id', name: 'g' } },
              ],
              'STOP',
            ),
            usageMetadata: {
              promptTokenCount: 5,
              candidatesTokenCount: 3,
              thoughtsTokenCount: 2,
              toolUsePromptTokenCount: 4,
            },
          },
        ),
        options,
      ),
    );
    expect(parts).toEqual([
      { type: 'reasoning-delta', text: 'Thinking' },
      { type: 'text-delta', text: 'Calling.' },
      { type: 'tool-call', id: 'generated-1', name: 'f', input: '{"a":1}' },
      { type: 'tool-call', id: 'model-id', name: 'g', input: '{}' },
      {
        type: 'provider-metadata',
        metadata: { gemini: { callSignatures: { 'generated-1': 'c2ln' }, modelCallIds: ['model-id'] } },
      },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 5, reasoningTokens: 2 } },
      { type: 'finish', reason: 'tool-calls', rawReason: 'STOP' },
    ]);
  });

  it('keeps the signature of an empty closing text part and sends no empty delta for it', async () => {
    const parts = await collectParts(
      mapGeminiStream(
        chunks(candidate([{ text: 'Hi' }]), candidate([{ text: '', thoughtSignature: 'dGV4dA==' }], 'STOP')),
        options,
      ),
    );
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Hi' },
      {
        type: 'provider-metadata',
        metadata: { gemini: { callSignatures: {}, textSignature: 'dGV4dA==', modelCallIds: [] } },
      },
      { type: 'finish', reason: 'stop', rawReason: 'STOP' },
    ]);
  });

  it('sends no metadata when there is nothing to replay', async () => {
    const parts = await collectParts(mapGeminiStream(chunks(candidate([{ text: 'Hi' }], 'STOP')), options));
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'finish']);
  });

  it('reads only the first candidate', async () => {
    const twoCandidates = {
      candidates: [
        { index: 1, content: { parts: [{ text: 'other' }] } },
        { index: 0, content: { parts: [{ text: 'first' }] }, finishReason: 'STOP' },
      ],
    };
    const parts = await collectParts(mapGeminiStream(chunks(twoCandidates), options));
    expect(parts[0]).toEqual({ type: 'text-delta', text: 'first' });
    expect(parts).toHaveLength(2);
  });

  it('throws BACKEND_STREAM when the stream ends without a finish reason', async () => {
    const error = await failure(mapGeminiStream(chunks(candidate([{ text: 'Half' }])), options));
    expect(error).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
  });

  it('throws ABORTED when the signal was aborted while chunks were still coming', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(
      mapGeminiStream(chunks(candidate([{ text: 'x' }], 'STOP')), { ...options, signal: controller.signal }),
    );
    expect(error.code).toBe('ABORTED');
  });
});
