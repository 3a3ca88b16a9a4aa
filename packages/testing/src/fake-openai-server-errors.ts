import { errorReply } from './fake-error-reply.js';
import type { FakeErrorReply, FakeStreamErrorReply } from './fake-openai-server-types.js';

/** The error envelope OpenAI and compatible servers send with a failed request. */
export function openAIErrorBody(
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
): Record<string, unknown> {
  return { error: { message, type, param, code } };
}

/** A body for an error reply that did not script one, shaped like OpenAI's for that status. */
export function defaultErrorBody(status: number): Record<string, unknown> {
  if (status === 401) return openAIErrorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
  if (status === 403)
    return openAIErrorBody('You are not allowed to use this model.', 'invalid_request_error', 'permission_denied');
  if (status === 404)
    return openAIErrorBody('The requested resource does not exist.', 'invalid_request_error', 'not_found');
  if (status === 429)
    return openAIErrorBody('Rate limit reached. Please try again later.', 'requests', 'rate_limit_exceeded');
  if (status === 503)
    return openAIErrorBody('The server is overloaded. Please try again later.', 'server_error', 'overloaded');
  if (status >= 500)
    return openAIErrorBody('The server had an error while processing your request.', 'server_error', null);
  return openAIErrorBody(`The request failed with status ${status}.`, 'invalid_request_error', null);
}

/** Ready-made error replies for the failures providers actually send. */
export const fakeOpenAIErrors = {
  /** 429 with `retry-after` in seconds (or an HTTP date) and, optionally, `retry-after-ms`. */
  rateLimit(options: { retryAfter?: string; retryAfterMs?: string } = {}): FakeErrorReply {
    const headers: Record<string, string> = {};
    if (options.retryAfter !== undefined) headers['retry-after'] = options.retryAfter;
    if (options.retryAfterMs !== undefined) headers['retry-after-ms'] = options.retryAfterMs;
    return errorReply(
      429,
      openAIErrorBody(
        'Rate limit reached for requests per minute. Please try again shortly.',
        'requests',
        'rate_limit_exceeded',
      ),
      headers,
    );
  },
  /** 429 that no retry fixes: the account is out of credit. */
  insufficientQuota(): FakeErrorReply {
    return errorReply(
      429,
      openAIErrorBody(
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      ),
    );
  },
  serverError(): FakeErrorReply {
    return errorReply(500, defaultErrorBody(500));
  },
  overloaded(): FakeErrorReply {
    return errorReply(503, defaultErrorBody(503));
  },
  contextLengthExceeded(): FakeErrorReply {
    return errorReply(
      400,
      openAIErrorBody(
        "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
        'invalid_request_error',
        'context_length_exceeded',
        'messages',
      ),
    );
  },
  modelNotFound(model: string): FakeErrorReply {
    return errorReply(
      404,
      openAIErrorBody(
        `The model \`${model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        'model_not_found',
      ),
    );
  },
  invalidApiKey(): FakeErrorReply {
    return errorReply(401, defaultErrorBody(401));
  },
  /**
   * A stream that `error` ends in-band after `afterChunks` chunks, its 200 status already sent:
   * carrying `text` (else a short default text), and on the Responses API a `response.failed`
   * event unless `event` says `error`.
   */
  inStream(
    error: FakeStreamErrorReply['error'],
    options: { afterChunks: number; text?: string; event?: 'error' },
  ): FakeStreamErrorReply {
    return {
      type: 'stream-error',
      afterChunks: options.afterChunks,
      error,
      ...(options.text === undefined ? {} : { reply: { type: 'text', text: options.text } }),
      ...(options.event === undefined ? {} : { event: options.event }),
    };
  },
};
