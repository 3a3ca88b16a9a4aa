import type { FinishReason } from '@massgen/core';

/**
 * Maps Chat Completions' `finish_reason`. Some servers (older vLLM, Ollama) say `stop` after
 * emitting tool calls; the calls are what the caller must act on, so that counts as `tool-calls`.
 */
export function mapFinishReason(rawReason: string, sawToolCalls: boolean): FinishReason {
  switch (rawReason) {
    case 'stop':
      return sawToolCalls ? 'tool-calls' : 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}
