import type { FakeServerControls, FakeServerResponder } from './fake-server-controls.js';
import type {
  FakeModelRequest,
  FakeReplyTiming,
  FakeServerErrorReply,
  FakeServerHangReply,
} from './fake-server-types.js';

/** A content block as a client sent it inside a Messages API message. */
export interface FakeAnthropicContentBlock {
  type: string;
  text?: string;
  /** `tool_use`: the call's id, name and input. */
  id?: string;
  name?: string;
  input?: unknown;
  /** `tool_result`: the call it answers, its output and whether the tool failed. */
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
  /** `thinking`: the text and the signature that lets the API check it came back unchanged. */
  thinking?: string;
  signature?: string;
  /** `redacted_thinking`: the encrypted thinking. */
  data?: string;
  [key: string]: unknown;
}

/** A message of a Messages API request; string content is kept as the client sent it. */
export interface FakeAnthropicMessage {
  role: string;
  content: string | FakeAnthropicContentBlock[];
}

/** A custom tool as a client offered it. */
export interface FakeAnthropicTool {
  name: string;
  description?: string;
  input_schema?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * One `POST /v1/messages` request the server received; its `query` has `beta=true` from the SDK's
 * beta client, its `media` every image and document the messages carried.
 */
export interface FakeAnthropicRequest extends FakeModelRequest {
  /** The system prompt's text, whether it was sent as a string or as text blocks. */
  system: string;
  messages: FakeAnthropicMessage[];
  tools: FakeAnthropicTool[];
}

/** Token counts to report instead of the estimate the server makes from the text. */
export interface FakeAnthropicUsage {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadInputTokens?: number;
  cacheCreationInputTokens?: number;
}

/** Extended thinking the model does before it answers. */
export interface FakeAnthropicThinking {
  /** Streamed as `thinking_delta` events. */
  text: string;
  /** Defaults to a signature the server later verifies when the block is sent back. */
  signature?: string;
}

/**
 * A tool Anthropic runs on its own servers, as the model used it before writing its reply:
 * streamed as a `server_tool_use` block and its `web_search_tool_result` or
 * `code_execution_tool_result`, with the search results cited on the text and counted in the
 * usage's `server_tool_use`. `errorCode` makes the result an error (`max_uses_exceeded`, ...).
 */
export type FakeAnthropicServerToolUse =
  | { type: 'web_search'; query: string; results?: Array<{ url: string; title: string }>; errorCode?: string }
  | { type: 'code_execution'; code: string; stdout?: string; stderr?: string; returnCode?: number; errorCode?: string };

interface FakeAnthropicContentFields {
  thinking?: string | FakeAnthropicThinking;
  serverTools?: FakeAnthropicServerToolUse[];
  /** Sent as a `redacted_thinking` block (opaque `data`) after any readable thinking. */
  redactedThinking?: string;
  /** Overrides the counts the server estimates from the text (about four characters a token). */
  usage?: FakeAnthropicUsage;
}

export interface FakeAnthropicTextReply extends FakeReplyTiming, FakeAnthropicContentFields {
  type: 'text';
  text: string;
  /** Defaults to `end_turn`. */
  stopReason?: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'pause_turn';
  /** The sequence that stopped the model, with `stopReason: 'stop_sequence'`. */
  stopSequence?: string;
}

export interface FakeAnthropicToolUse {
  name: string;
  /** An object is streamed as its JSON text; a string is streamed as is, so invalid JSON can be scripted. */
  input: Record<string, unknown> | string;
  /** Defaults to a deterministic `toolu_fake_<request>_<position>`. */
  id?: string;
}

export interface FakeAnthropicToolUseReply extends FakeReplyTiming, FakeAnthropicContentFields {
  type: 'tool-use';
  calls: FakeAnthropicToolUse[];
  /** Text the model writes before calling the tools. */
  text?: string;
}

/** Without a `body`, Anthropic's body for the status. */
export type FakeAnthropicErrorReply = FakeServerErrorReply;

type FakeAnthropicContentReply = FakeAnthropicTextReply | FakeAnthropicToolUseReply;

export interface FakeAnthropicDropReply extends FakeReplyTiming {
  type: 'drop';
  /** Stream events written before the connection is destroyed (`message_start` and `ping` count); 0 drops before any body. */
  afterEvents: number;
  /** The reply the stream was carrying; defaults to a short text. */
  reply?: FakeAnthropicContentReply;
  /** End the response normally after those events, without `message_stop`, instead of cutting the connection. */
  graceful?: boolean;
}

export interface FakeAnthropicStreamErrorReply extends FakeReplyTiming {
  /** After `afterEvents` events, an `event: error` ends the stream, as Anthropic reports overload once the 200 is sent. */
  type: 'stream-error';
  afterEvents: number;
  /** Defaults to `overloaded_error` / `Overloaded`. */
  error?: { type: string; message: string };
  reply?: FakeAnthropicContentReply;
}

export interface FakeAnthropicStallReply extends FakeReplyTiming {
  /** After `afterEvents` events the stream goes silent, holding the connection until the client leaves. */
  type: 'stall';
  afterEvents: number;
  reply?: FakeAnthropicContentReply;
}

export type FakeAnthropicHangReply = FakeServerHangReply;

export type FakeAnthropicReply =
  | FakeAnthropicTextReply
  | FakeAnthropicToolUseReply
  | FakeAnthropicErrorReply
  | FakeAnthropicDropReply
  | FakeAnthropicStreamErrorReply
  | FakeAnthropicStallReply
  | FakeAnthropicHangReply;

export type FakeAnthropicResponder = FakeServerResponder<FakeAnthropicRequest, FakeAnthropicReply>;

export interface FakeAnthropicServerOptions {
  /** Produces replies once the queue is empty. Defaults to echoing the last user text. */
  responder?: FakeAnthropicResponder;
  /** Delay before the first byte of every response, unless a reply sets its own. */
  latencyMs?: number;
  /** When set, every request must carry it in `x-api-key` or as `Authorization: Bearer` (how SDK 1.x sends it), else 401. */
  apiKey?: string;
  /** Characters of text, thinking or tool input per delta event. Defaults to 4. */
  chunkSize?: number;
  /**
   * Rejects requests the real API rejects (unpaired tool results, thinking rules, altered
   * thinking signatures, ...) with its 400 errors. Defaults to `true`.
   */
  validate?: boolean;
  /** Model ids listed by `GET /v1/models`. Defaults to `['claude-fake-1']`. */
  models?: string[];
}

export interface FakeAnthropicServer extends FakeServerControls<FakeAnthropicRequest, FakeAnthropicReply> {
  /** The origin (`http://127.0.0.1:<port>`), as the Anthropic SDK's `baseURL` expects. */
  readonly url: string;
}
