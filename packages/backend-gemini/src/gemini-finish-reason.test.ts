import { describe, expect, it } from 'vitest';
import { mapGeminiFinishReason } from './gemini-finish-reason.js';

describe('mapGeminiFinishReason', () => {
  it.each([
    ['STOP', false, 'stop'],
    ['STOP', true, 'tool-calls'],
    ['MAX_TOKENS', false, 'length'],
    ['SAFETY', false, 'content-filter'],
    ['RECITATION', false, 'content-filter'],
    ['PROHIBITED_CONTENT', false, 'content-filter'],
    ['MALFORMED_FUNCTION_CALL', false, 'error'],
    ['FINISH_REASON_UNSPECIFIED', false, 'other'],
  ] as const)('maps %s (calls made: %s) to %s', (raw, sawCalls, reason) => {
    expect(mapGeminiFinishReason(raw, sawCalls)).toBe(reason);
  });
});
