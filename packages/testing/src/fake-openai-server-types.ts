import type { FakeMediaGenerationRequest } from './fake-openai-media-routes.js';
import type { FakeServerControls, FakeServerResponder } from './fake-server-controls.js';
import type {
  FakeModelRequest,
  FakeReplyTiming,
  FakeServerErrorReply,
  FakeServerHangReply,
} from './fake-server-types.js';
import type * as ChunkedStream from './fake-chunked-stream-replies.js';

/** A message as a client sent it in a Chat Completions request body. */
export interface FakeChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
  [key: string]: unknown;
}

/** A function tool as a client offered it in a Chat Completions request body. */
export interface FakeChatTool {
  type: string;
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/**
 * The API a request came through: OpenAI's Chat Completions, its Responses API, or Azure
 * OpenAI's deployment-scoped Chat Completions.
 */
export type FakeApi = 'chat-completions' | 'responses' | 'azure-chat-completions';

/**
 * One model request the server received (`POST /v1/chat/completions`, `POST /v1/responses` or an
 * Azure deployment's chat completions). Whatever the API, `messages` and `tools` are given in
 * Chat Completions form, so one responder serves every route; `body` is the request as sent. Its
 * `query` has Azure's `api-version`, its `media` every image, file and recording the messages carried.
 */
export interface FakeChatRequest extends FakeModelRequest {
  api: FakeApi;
  /** The URL path, without the query. */
  path: string;
  messages: FakeChatMessage[];
  tools: FakeChatTool[];
}

/** Token counts to report instead of the estimate the server makes from the text. */
export interface FakeUsage {
  promptTokens?: number;
  completionTokens?: number;
  reasoningTokens?: number;
  cachedTokens?: number;
}

/**
 * A tool the provider runs on its own servers, as the model used it before writing its reply.
 * The Responses route streams it as the real API does (a `web_search_call` or
 * `code_interpreter_call` item, and the sources as `url_citation` annotations on the text). On
 * the Chat Completions routes a web search is xAI's live search when the request's
 * `search_parameters` ask for one (`citations` and `usage.num_sources_used`); otherwise, and for
 * code, they have no such tools and leave it out.
 */
export type FakeServerToolUse =
  | { type: 'web_search'; query: string; sources?: Array<{ url: string; title?: string }>; failed?: boolean }
  | { type: 'code'; code: string; output?: string; failed?: boolean };

export interface FakeTextReply extends FakeReplyTiming {
  type: 'text';
  text: string;
  serverTools?: FakeServerToolUse[];
  /** Streamed as `reasoning_content` deltas before the text, as vLLM and DeepSeek do. */
  reasoning?: string;
  /** Overrides the estimated usage; `false` leaves usage out even when the client asked for it. */
  usage?: FakeUsage | false;
  /** Defaults to `stop`. */
  finishReason?: 'stop' | 'length' | 'content_filter';
}

export interface FakeToolCall {
  name: string;
  /** An object is sent as its JSON text; a string is sent as is, so invalid JSON can be scripted. */
  arguments: Record<string, unknown> | string;
  /** Defaults to a deterministic `call_<request>_<position>`. */
  id?: string;
}

export interface FakeToolCallsReply extends FakeReplyTiming {
  type: 'tool-calls';
  calls: FakeToolCall[];
  /** Text the model writes before calling the tools. */
  text?: string;
  reasoning?: string;
  serverTools?: FakeServerToolUse[];
  usage?: FakeUsage | false;
}

/** Without a `body`, an OpenAI-shaped error. */
export type FakeErrorReply = FakeServerErrorReply;

/** The reply a faulty stream was carrying. */
export type FakeContentReply = FakeTextReply | FakeToolCallsReply;

/**
 * A `graceful` drop ends the stream without `finish_reason` or `[DONE]`, as a proxy that gives up
 * on a long stream does.
 */
export type FakeDropReply = ChunkedStream.DropReply<FakeContentReply>;

/**
 * The error goes out as an error event (`data: {"error": ...}`), as OpenRouter and vLLM report a
 * failure once the 200 status has already been sent.
 */
export interface FakeStreamErrorReply extends ChunkedStream.StreamErrorReply<
  FakeContentReply,
  { message: string; type?: string; code?: string | null }
> {
  /**
   * How the Responses API route reports it: a `response.failed` event carrying the error in the
   * response (the default), or a bare `error` event. Chat Completions routes ignore it.
   */
  event?: 'response.failed' | 'error';
}

export type FakeStallReply = ChunkedStream.StallReply<FakeContentReply>;

export type FakeHangReply = FakeServerHangReply;

export type FakeReply =
  FakeTextReply | FakeToolCallsReply | ChunkedStream.FaultReply<FakeContentReply, FakeStreamErrorReply>;

export interface FakeResponderContext {
  /** Same as `request.index`. */
  index: number;
}

export type FakeResponder = FakeServerResponder<FakeChatRequest, FakeReply>;

export interface FakeOpenAIServerOptions {
  /** Produces replies once the queue is empty. Defaults to echoing the last user message. */
  responder?: FakeResponder;
  /** Delay before the first byte of every response, unless a reply sets its own. */
  latencyMs?: number;
  /** When set, every request must carry `Authorization: Bearer <apiKey>`, else 401. */
  apiKey?: string;
  /** Characters of text or tool arguments per stream chunk. Defaults to 4. */
  chunkSize?: number;
  /**
   * Pause between two stream chunks of a Chat Completions text or tool-call reply, as a model
   * generating at a given rate does (20 is 50 chunks a second). Defaults to 0: all at once.
   */
  chunkIntervalMs?: number;
  /** Model ids listed by `GET /v1/models`. Defaults to `['fake-model']`. */
  models?: string[];
  /** Azure deployments the Azure route serves; any other gets Azure's 404. Defaults to any deployment. */
  azureDeployments?: string[];
}

/** A fake OpenAI server; its `requests` are those of every route. */
export interface FakeOpenAIServer extends FakeServerControls<FakeChatRequest, FakeReply> {
  /** Base URL ending in `/v1`, as the `openai` SDK's `baseURL` expects. */
  readonly url: string;
  /** `http://127.0.0.1:<port>`, as an Azure OpenAI `endpoint`. */
  readonly origin: string;
  /** Calls to `/v1/images/generations` and `/v1/audio/speech`, in order (not in `requests`: they are no model turns). */
  readonly mediaRequests: readonly FakeMediaGenerationRequest[];
}
