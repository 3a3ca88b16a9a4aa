import { openAIErrorBody } from './fake-openai-server-errors.js';
import type { OpenAIReplySender } from './fake-openai-server-reply.js';
import type { FakeApi, FakeChatRequest } from './fake-openai-server-types.js';

/** A refusal to serve a request, as the real API words it. */
export interface FakeRejection {
  status: number;
  body: unknown;
}

/** The parts of a recorded request that depend on the API it came through. */
export type FakeRequestView = Pick<FakeChatRequest, 'model' | 'messages' | 'tools' | 'stream' | 'media'>;

/**
 * One API the fake OpenAI server speaks. The server does what every route shares (parse, record,
 * script); a route knows its request shape, its key header, its checks and its wire format.
 */
export interface FakeModelRoute {
  readonly api: FakeApi;
  /** The request in Chat Completions form, so that one responder can serve every route. */
  view(body: Record<string, unknown>): FakeRequestView;
  /** The rejection to send when the request does not carry the server's key. */
  checkKey(headers: Record<string, string>, apiKey: string): FakeRejection | undefined;
  /** The rejection the real API would send for this request (a missing field, a parameter it refuses). */
  validate(request: FakeChatRequest): FakeRejection | undefined;
  readonly send: OpenAIReplySender;
}

/** OpenAI's check of `Authorization: Bearer <key>`, with its own words for each failure. */
export function bearerKeyRejection(headers: Record<string, string>, apiKey: string): FakeRejection | undefined {
  const authorization = headers['authorization'];
  if (authorization === `Bearer ${apiKey}`) return undefined;
  const message =
    authorization === undefined
      ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth."
      : 'Incorrect API key provided.';
  return { status: 401, body: openAIErrorBody(message, 'invalid_request_error', 'invalid_api_key') };
}
