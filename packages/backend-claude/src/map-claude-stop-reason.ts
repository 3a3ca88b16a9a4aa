import type { FinishReason } from '@massgen/core';

/**
 * Maps the Messages API's `stop_reason`. `pause_turn` (a server tool paused a long turn) and
 * anything newer are `other`: the caller sees the raw reason beside it.
 */
export function mapClaudeStopReason(stopReason: string): FinishReason {
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool-calls';
    case 'refusal':
      return 'content-filter';
    default:
      return 'other';
  }
}
