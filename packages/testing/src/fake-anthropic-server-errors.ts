import { errorReply } from './fake-error-reply.js';
import type { FakeAnthropicErrorReply } from './fake-anthropic-server-types.js';

/** The error envelope of the Anthropic API, for HTTP errors and in-band stream errors alike. */
export function anthropicErrorBody(type: string, message: string): Record<string, unknown> {
  return { type: 'error', error: { type, message } };
}

/** The error type and message Anthropic sends for each status it documents. */
const documentedErrors: Readonly<Record<number, readonly [type: string, message: string]>> = {
  400: ['invalid_request_error', 'There was an issue with the format or content of your request.'],
  401: ['authentication_error', 'invalid x-api-key'],
  402: ['billing_error', 'There is an issue with your account billing.'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'The requested resource could not be found.'],
  413: ['request_too_large', 'Request exceeds the maximum allowed number of bytes.'],
  429: ['rate_limit_error', 'Your account has hit a rate limit.'],
  504: ['timeout_error', 'Request timed out before it could be completed.'],
  529: ['overloaded_error', 'Overloaded'],
};

/** A body for an error reply that did not script one, shaped like Anthropic's for that status. */
export function defaultAnthropicErrorBody(status: number): Record<string, unknown> {
  const [type, message] =
    documentedErrors[status] ??
    (status >= 500
      ? ['api_error', 'Internal server error']
      : ['invalid_request_error', `The request failed with status ${status}.`]);
  return anthropicErrorBody(type, message);
}

function rateLimitHeaders(limit: 'requests' | 'input-tokens' | 'output-tokens', resetAt: Date): Record<string, string> {
  const ceiling = limit === 'requests' ? '50' : '40000';
  return {
    [`anthropic-ratelimit-${limit}-limit`]: ceiling,
    [`anthropic-ratelimit-${limit}-remaining`]: '0',
    [`anthropic-ratelimit-${limit}-reset`]: resetAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

/** Ready-made error replies with the bodies and headers the Anthropic API actually sends. */
export const fakeAnthropicErrors = {
  /**
   * 429 for a used-up limit: `retry-after` in seconds when given, and the limit's
   * `anthropic-ratelimit-*` headers with its reset time (`resetAt`, default a minute from now).
   */
  rateLimit(
    options: { retryAfter?: string; limit?: 'requests' | 'input-tokens' | 'output-tokens'; resetAt?: Date } = {},
  ): FakeAnthropicErrorReply {
    const limit = options.limit ?? 'requests';
    const headers = rateLimitHeaders(limit, options.resetAt ?? new Date(Date.now() + 60_000));
    if (options.retryAfter !== undefined) headers['retry-after'] = options.retryAfter;
    const what = limit === 'requests' ? '50 requests per minute' : `40,000 ${limit.replace('-', ' ')} per minute`;
    return errorReply(
      429,
      anthropicErrorBody(
        'rate_limit_error',
        `This request would exceed the rate limit for your organization of ${what}. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.`,
      ),
      headers,
    );
  },
  /** 529: Anthropic's servers are overloaded; worth retrying. */
  overloaded(): FakeAnthropicErrorReply {
    return errorReply(529, defaultAnthropicErrorBody(529));
  },
  /** 400 that no retry fixes: the prepaid credit is used up. */
  creditBalanceTooLow(): FakeAnthropicErrorReply {
    return errorReply(
      400,
      anthropicErrorBody(
        'invalid_request_error',
        'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      ),
    );
  },
  /** 429 that no retry fixes soon: the workspace's monthly spend limit is reached. */
  spendLimitReached(): FakeAnthropicErrorReply {
    return errorReply(
      429,
      anthropicErrorBody(
        'rate_limit_error',
        'You have reached your specified workspace API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.',
      ),
    );
  },
  promptTooLong(): FakeAnthropicErrorReply {
    return errorReply(
      400,
      anthropicErrorBody('invalid_request_error', 'prompt is too long: 215312 tokens > 200000 maximum'),
    );
  },
  invalidRequest(message: string): FakeAnthropicErrorReply {
    return errorReply(400, anthropicErrorBody('invalid_request_error', message));
  },
  invalidApiKey(): FakeAnthropicErrorReply {
    return errorReply(401, defaultAnthropicErrorBody(401));
  },
  permissionDenied(): FakeAnthropicErrorReply {
    return errorReply(403, defaultAnthropicErrorBody(403));
  },
  modelNotFound(model: string): FakeAnthropicErrorReply {
    return errorReply(404, anthropicErrorBody('not_found_error', `model: ${model}`));
  },
  apiError(): FakeAnthropicErrorReply {
    return errorReply(500, defaultAnthropicErrorBody(500));
  },
};
