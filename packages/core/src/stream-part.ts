import type { SerializedError } from './errors/massgen-error.js';
import type { Usage } from './usage.js';
import type { Warning } from './warning.js';

/** Why the model stopped producing output. */
export type FinishReason = 'stop' | 'length' | 'tool-calls' | 'content-filter' | 'error' | 'other';

/**
 * What a backend stream yields. A stream is a sequence of deltas and tool calls, at most one
 * `usage`, and ends with exactly one `finish` or one `error`.
 */
export type StreamPart =
  | { type: 'text-delta'; text: string }
  | { type: 'reasoning-delta'; text: string }
  /** A complete tool call; `input` is the JSON text of the arguments, assembled from all deltas. */
  | { type: 'tool-call'; id: string; name: string; input: string }
  | { type: 'usage'; usage: Usage }
  /**
   * A tool the provider ran on its own servers during this call (web search, code execution),
   * complete with what it returned. MassGen never runs it nor sends it back as a tool result; the
   * runtime shows it to the user as a `tool-call` and its `tool-result`. `input` and `output` are
   * text for people: the search query or the code, the sources found or the code's output.
   */
  | { type: 'provider-tool'; id: string; name: string; input: string; output: string; isError: boolean }
  /**
   * Data the backend wants attached to this call's assistant message when the conversation
   * continues (after tool results); merged by provider key into `providerMetadata`.
   */
  | { type: 'provider-metadata'; metadata: Record<string, unknown> }
  | { type: 'warning'; warning: Warning }
  | { type: 'finish'; reason: FinishReason; rawReason?: string }
  | { type: 'error'; error: SerializedError };

export type StreamPartType = StreamPart['type'];
