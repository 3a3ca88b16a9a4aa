import { itClassifiesErrors, type ErrorCase, type ErrorClassificationSubject } from './it-classifies-errors.js';
import { fakeOpenAIErrors, openAIErrorBody } from './fake-openai-server-errors.js';
import type { FakeReply } from './fake-openai-server-types.js';

/**
 * The HTTP errors of OpenAI's APIs and of the servers that copy them, each with the error a
 * backend must make of it: what `itClassifiesErrors` checks for every backend on the fake OpenAI
 * server. `model` is the model the backend asks for, which a 404 names.
 */
export function openAIErrorCases(model: string): ErrorCase<FakeReply>[] {
  const rateLimited = { code: 'BACKEND_RATE_LIMIT', retryable: true } as const;
  const quota = { code: 'BACKEND_QUOTA', retryable: false } as const;
  const overloaded = { code: 'BACKEND_OVERLOADED', retryable: true } as const;
  const spendCap = openAIErrorBody(
    'Your organization has reached its monthly spending limit.',
    'rate_limit_error',
    null,
  );
  const badValue = openAIErrorBody("Invalid value for 'temperature'.", 'invalid_request_error', null);
  return [
    ['401', fakeOpenAIErrors.invalidApiKey(), { code: 'BACKEND_AUTH', retryable: false, statusCode: 401 }],
    ['403', { type: 'error', status: 403 }, { code: 'BACKEND_AUTH', retryable: false, statusCode: 403 }],
    [
      '429 retry-after seconds',
      fakeOpenAIErrors.rateLimit({ retryAfter: '2' }),
      { ...rateLimited, retryAfterMs: 2000 },
    ],
    [
      '429 retry-after-ms',
      fakeOpenAIErrors.rateLimit({ retryAfter: '2', retryAfterMs: '1500' }),
      { ...rateLimited, retryAfterMs: 1500 },
    ],
    ['429 insufficient_quota', fakeOpenAIErrors.insufficientQuota(), { ...quota, statusCode: 429 }],
    ['429 spend cap', { type: 'error', status: 429, body: spendCap }, quota],
    ['503', fakeOpenAIErrors.overloaded(), { ...overloaded, statusCode: 503 }],
    ['529', { type: 'error', status: 529, headers: { 'retry-after': '3' } }, { ...overloaded, retryAfterMs: 3000 }],
    [
      '400 context_length_exceeded',
      fakeOpenAIErrors.contextLengthExceeded(),
      { code: 'BACKEND_CONTEXT_LENGTH', retryable: false, statusCode: 400 },
    ],
    ['400', { type: 'error', status: 400, body: badValue }, { code: 'BACKEND_BAD_REQUEST', retryable: false }],
    [
      '404 model_not_found',
      fakeOpenAIErrors.modelNotFound(model),
      { code: 'BACKEND_NOT_FOUND', retryable: false, statusCode: 404 },
    ],
    ['500', fakeOpenAIErrors.serverError(), { code: 'BACKEND_SERVER', retryable: true, statusCode: 500 }],
    [
      '502 HTML page',
      { type: 'error', status: 502, body: '<html>Bad Gateway</html>' },
      { code: 'BACKEND_SERVER', retryable: true, statusCode: 502 },
    ],
  ];
}

/**
 * A test per HTTP error of OpenAI's APIs for a backend that calls them (see {@link openAIErrorCases}),
 * where only an error the runtime retries may carry a delay; call it inside a `describe`.
 */
export function itClassifiesOpenAIErrors(
  subject: Omit<ErrorClassificationSubject<FakeReply>, 'withoutDelay'>,
  model: string,
): void {
  itClassifiesErrors({ ...subject, withoutDelay: 'not-retryable' }, openAIErrorCases(model));
}
