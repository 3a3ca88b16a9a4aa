import type { FinishReason } from '@massgen/core';

/** Reasons a candidate was cut for what it said (or was about to say). */
const filtered = new Set([
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * Maps Gemini's `finishReason`. Gemini ends a step of function calls with `STOP` like any other,
 * so whether calls were made decides between `tool-calls` and `stop`.
 */
export function mapGeminiFinishReason(raw: string, sawToolCalls: boolean): FinishReason {
  if (raw === 'STOP') return sawToolCalls ? 'tool-calls' : 'stop';
  if (raw === 'MAX_TOKENS') return 'length';
  if (filtered.has(raw)) return 'content-filter';
  if (raw === 'MALFORMED_FUNCTION_CALL' || raw === 'UNEXPECTED_TOOL_CALL') return 'error';
  return 'other';
}
