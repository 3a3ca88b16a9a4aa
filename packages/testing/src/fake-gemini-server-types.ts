import type { FakeServerControls, FakeServerResponder } from './fake-server-controls.js';
import type {
  FakeModelRequest,
  FakeReplyTiming,
  FakeServerErrorReply,
  FakeServerHangReply,
} from './fake-server-types.js';
import type * as ChunkedStream from './fake-chunked-stream-replies.js';

/** A function call as Gemini writes it in a `functionCall` part. */
export interface FakeGeminiFunctionCallPart {
  id?: string;
  name: string;
  args?: Record<string, unknown>;
}

/** One part of a Gemini `Content`, as a client sent it or as the fake sends it. */
export interface FakeGeminiPart {
  text?: string;
  /** Marks a text part as a thought summary. */
  thought?: boolean;
  /** Opaque signature the client must send back with the part it came on. */
  thoughtSignature?: string;
  functionCall?: FakeGeminiFunctionCallPart;
  functionResponse?: { id?: string; name: string; response: Record<string, unknown> };
  [key: string]: unknown;
}

export interface FakeGeminiContent {
  /** `user` or `model`; absent in `systemInstruction`. */
  role?: string;
  parts: FakeGeminiPart[];
}

/** A function as a client declared it under `tools[].functionDeclarations`. */
export interface FakeGeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** The JSON Schema form; clients send either this or the OpenAPI-style `parameters`. */
  parametersJsonSchema?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
}

/**
 * One `generateContent` or `streamGenerateContent` request the server received. Its `model` is the
 * one in the path, without its `models/` prefix; it `stream`s for `streamGenerateContent?alt=sse`;
 * its `media` are every image, document, recording and video the contents carried.
 */
export interface FakeGeminiRequest extends FakeModelRequest {
  method: 'generateContent' | 'streamGenerateContent';
  /** The API version in the path (`v1beta`). */
  apiVersion: string;
  contents: FakeGeminiContent[];
  systemInstruction: FakeGeminiContent | undefined;
  /** Every function declaration of every tool, in order. */
  functionDeclarations: FakeGeminiFunctionDeclaration[];
  generationConfig: Record<string, unknown>;
  toolConfig: Record<string, unknown> | undefined;
  /** Google's own tools the request offers (`googleSearch`, `codeExecution`, ...), by their key in `tools`. */
  builtInTools: string[];
}

/** Token counts to report instead of the estimate the server makes from the text. */
export interface FakeGeminiUsage {
  promptTokens?: number;
  candidatesTokens?: number;
  thoughtsTokens?: number;
  cachedTokens?: number;
}

/**
 * One use of Google's own tools in a reply. A use of a tool the request did not offer is left
 * out, as a model cannot call a tool it was not given.
 */
export type FakeGeminiBuiltInToolUse =
  | {
      /** Google Search grounding: the queries made and the pages found, all cited by the text. */
      type: 'google_search';
      queries: string[];
      sources: Array<{ url: string; title: string }>;
    }
  | {
      /** A run of code: `executableCode`, then its `codeExecutionResult`. */
      type: 'code_execution';
      code: string;
      output?: string;
      /** Defaults to `OUTCOME_OK`. */
      outcome?: 'OUTCOME_OK' | 'OUTCOME_FAILED' | 'OUTCOME_DEADLINE_EXCEEDED';
    };

export interface FakeGeminiTextReply extends FakeReplyTiming {
  type: 'text';
  text: string;
  /** Streamed as `thought: true` parts before the text, as Gemini does with `includeThoughts`. */
  thoughts?: string;
  /** Sent on the last text part, as Gemini signs a turn that made no function call. */
  thoughtSignature?: string;
  /** Overrides the estimated usage; `false` leaves `usageMetadata` out. */
  usage?: FakeGeminiUsage | false;
  /** Defaults to `STOP`. */
  finishReason?: string;
  /** Google's own tools the model used before writing the text. */
  builtInTools?: FakeGeminiBuiltInToolUse[];
}

export interface FakeGeminiFunctionCall {
  name: string;
  args: Record<string, unknown>;
  /** Gemini sends no id unless asked to; set one to script a model that does. */
  id?: string;
  /** Sent on this call's part; Gemini signs the first call of a turn. */
  thoughtSignature?: string;
}

export interface FakeGeminiFunctionCallsReply extends FakeReplyTiming {
  type: 'function-calls';
  calls: FakeGeminiFunctionCall[];
  /** Text the model writes before calling the functions. */
  text?: string;
  thoughts?: string;
  usage?: FakeGeminiUsage | false;
  /**
   * Calls per stream chunk. Gemini sends each call whole, never split, and sometimes several
   * in one chunk; defaults to all of them in the last chunk.
   */
  callsPerChunk?: number;
  /** Google's own tools the model used before calling the functions. */
  builtInTools?: FakeGeminiBuiltInToolUse[];
}

/** Chunks sent as they are, for shapes the other replies do not produce. */
export interface FakeGeminiChunksReply extends FakeReplyTiming {
  type: 'chunks';
  chunks: Array<Record<string, unknown>>;
}

/** The prompt itself was blocked: `promptFeedback.blockReason` and no candidates. */
export interface FakeGeminiBlockedReply extends FakeReplyTiming {
  type: 'blocked';
  /** Defaults to `SAFETY`. */
  blockReason?: string;
}

/** Without a `body`, Google's error body for the status. */
export type FakeGeminiErrorReply = FakeServerErrorReply;

type FakeGeminiContentReply = FakeGeminiTextReply | FakeGeminiFunctionCallsReply;

/** A `graceful` drop ends the stream without a `finishReason`. */
export type FakeGeminiDropReply = ChunkedStream.DropReply<FakeGeminiContentReply>;

/** The error is an object with Google's `code`, `message` and `status`. */
export type FakeGeminiStreamErrorReply = ChunkedStream.StreamErrorReply<
  FakeGeminiContentReply,
  { code: number; message: string; status: string }
>;

export type FakeGeminiStallReply = ChunkedStream.StallReply<FakeGeminiContentReply>;

export type FakeGeminiHangReply = FakeServerHangReply;

export type FakeGeminiReply =
  | FakeGeminiTextReply
  | FakeGeminiFunctionCallsReply
  | FakeGeminiChunksReply
  | FakeGeminiBlockedReply
  | ChunkedStream.FaultReply<FakeGeminiContentReply, FakeGeminiStreamErrorReply>;

export type FakeGeminiResponder = FakeServerResponder<FakeGeminiRequest, FakeGeminiReply>;

export interface FakeGeminiServerOptions {
  /** Produces replies once the queue is empty. Defaults to echoing the last user text. */
  responder?: FakeGeminiResponder;
  /** Delay before the first byte of every response, unless a reply sets its own. */
  latencyMs?: number;
  /** When set, every request must carry it in `x-goog-api-key` (or `?key=`), else Google's auth errors. */
  apiKey?: string;
  /** Characters of text or thoughts per stream chunk. Defaults to 4. */
  chunkSize?: number;
}

export interface FakeGeminiServer extends FakeServerControls<FakeGeminiRequest, FakeGeminiReply> {
  /** The origin (`http://127.0.0.1:<port>`), as `@google/genai`'s `httpOptions.baseUrl` expects. */
  readonly url: string;
}
