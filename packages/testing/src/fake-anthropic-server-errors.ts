import type { FakeAnthropicErrorReply } from './fake-anthropic-server-types.js';

/** The error envelope of the Anthropic API, for HTTP errors and in-band stream errors alike. */
export function anthropicErrorBody(type: string, message: string): Record<string, unknown> {
  return { type: 'error', error: { type, message } };
}

/** A body for an error reply that did not script one, shaped like Anthropic's for that status. */
export function defaultAnthropicErrorBody(status: number): Record<string, unknown> {
  switch (status) {
    case 400:
      return anthropicErrorBody(
        'invalid_request_error',
        'There was an issue with the format or content of your request.',
      );
    case 401:
      return anthropicErrorBody('authentication_error', 'invalid x-api-key');
    case 402:
      return anthropicErrorBody('billing_error', 'There is an issue with your account billing.');
    case 403:
      return anthropicErrorBody(
        'permission_error',
        'Your API key does not have permission to use the specified resource.',
      );
    case 404:
      return anthropicErrorBody('not_found_error', 'The requested resource could not be found.');
    case 413:
      return anthropicErrorBody('request_too_large', 'Request exceeds the maximum allowed number of bytes.');
    case 429:
      return anthropicErrorBody('rate_limit_error', 'Your account has hit a rate limit.');
    case 504:
      return anthropicErrorBody('timeout_error', 'Request timed out before it could be completed.');
    case 529:
      return anthropicErrorBody('overloaded_error', 'Overloaded');
    default:
      return status >= 500
        ? anthropicErrorBody('api_error', 'Internal server error')
        : anthropicErrorBody('invalid_request_error', `The request failed with status ${status}.`);
  }
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
    return {
      type: 'error',
      status: 429,
      headers,
      body: anthropicErrorBody(
        'rate_limit_error',
        `This request would exceed the rate limit for your organization of ${what}. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.`,
      ),
    };
  },
  /** 529: Anthropic's servers are overloaded; worth retrying. */
  overloaded(): FakeAnthropicErrorReply {
    return { type: 'error', status: 529, body: defaultAnthropicErrorBody(529) };
  },
  /** 400 that no retry fixes: the prepaid credit is used up. */
  creditBalanceTooLow(): FakeAnthropicErrorReply {
    return {
      type: 'error',
      status: 400,
      body: anthropicErrorBody(
        'invalid_request_error',
        'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
      ),
    };
  },
  /** 429 that no retry fixes soon: the workspace's monthly spend limit is reached. */
  spendLimitReached(): FakeAnthropicErrorReply {
    return {
      type: 'error',
      status: 429,
      body: anthropicErrorBody(
        'rate_limit_error',
        'You have reached your specified workspace API usage limits. You will regain access on 2026-12-01 at 00:00 UTC.',
      ),
    };
  },
  promptTooLong(): FakeAnthropicErrorReply {
    return {
      type: 'error',
      status: 400,
      body: anthropicErrorBody('invalid_request_error', 'prompt is too long: 215312 tokens > 200000 maximum'),
    };
  },
  invalidRequest(message: string): FakeAnthropicErrorReply {
    return { type: 'error', status: 400, body: anthropicErrorBody('invalid_request_error', message) };
  },
  invalidApiKey(): FakeAnthropicErrorReply {
    return { type: 'error', status: 401, body: defaultAnthropicErrorBody(401) };
  },
  permissionDenied(): FakeAnthropicErrorReply {
    return { type: 'error', status: 403, body: defaultAnthropicErrorBody(403) };
  },
  modelNotFound(model: string): FakeAnthropicErrorReply {
    return { type: 'error', status: 404, body: anthropicErrorBody('not_found_error', `model: ${model}`) };
  },
  apiError(): FakeAnthropicErrorReply {
    return { type: 'error', status: 500, body: defaultAnthropicErrorBody(500) };
  },
};
