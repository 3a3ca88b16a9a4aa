import { errorReply } from './fake-error-reply.js';
import type { FakeGeminiErrorReply } from './fake-gemini-server-types.js';

/** Google's APIs answer errors with JSON that says so, charset and all. */
export const googleJsonHeaders = { 'content-type': 'application/json; charset=UTF-8' } as const;

/** The error envelope of Google APIs (`google.rpc.Status`), as the Gemini API sends it. */
export function googleErrorBody(
  code: number,
  status: string,
  message: string,
  details?: Array<Record<string, unknown>>,
): Record<string, unknown> {
  return { error: { code, message, status, ...(details === undefined ? {} : { details }) } };
}

const statusNames: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** A body for an error reply that did not script one, shaped like Google's for that status. */
export function defaultGeminiErrorBody(status: number): Record<string, unknown> {
  if (status === 500)
    return googleErrorBody(
      500,
      'INTERNAL',
      'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
    );
  if (status === 503) return googleErrorBody(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
  const name = statusNames[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
  return googleErrorBody(status, name, `The request failed with status ${status}.`);
}

const rateLimitsHelp = {
  '@type': 'type.googleapis.com/google.rpc.Help',
  links: [
    { description: 'Learn more about Gemini API quotas', url: 'https://ai.google.dev/gemini-api/docs/rate-limits' },
  ],
};

function quotaExceeded(options: {
  quotaId: string;
  metric: string;
  limit: string;
  retryDelay?: string;
  model: string;
}): FakeGeminiErrorReply {
  const retrySeconds = options.retryDelay?.replace(/s$/, '');
  const message = [
    'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
    `* Quota exceeded for metric: ${options.metric}, limit: ${options.limit}, model: ${options.model}`,
    ...(retrySeconds === undefined ? [] : [`Please retry in ${retrySeconds}s.`]),
  ].join('\n');
  const details: Array<Record<string, unknown>> = [
    {
      '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
      violations: [
        {
          quotaMetric: options.metric,
          quotaId: options.quotaId,
          quotaDimensions: { location: 'global', model: options.model },
          quotaValue: options.limit,
        },
      ],
    },
    rateLimitsHelp,
  ];
  if (options.retryDelay !== undefined)
    details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: options.retryDelay });
  return googleErrorReply(429, 'RESOURCE_EXHAUSTED', message, details);
}

/** A scripted error with Google's body for the status and its JSON headers. */
function googleErrorReply(
  status: number,
  statusName: string,
  message: string,
  details?: Array<Record<string, unknown>>,
): FakeGeminiErrorReply {
  return errorReply(status, googleErrorBody(status, statusName, message, details), googleJsonHeaders);
}

/** Ready-made error replies with the bodies the Gemini API actually sends. */
export const fakeGeminiErrors = {
  /** 429 for a per-minute quota, with a `RetryInfo` delay such as `7s` (Google sends no `retry-after` header). */
  rateLimit(options: { retryDelay?: string; model?: string } = {}): FakeGeminiErrorReply {
    return quotaExceeded({
      quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
      metric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
      limit: '10',
      model: options.model ?? 'gemini-2.5-flash',
      ...(options.retryDelay === undefined ? {} : { retryDelay: options.retryDelay }),
    });
  },
  /** 429 for the daily quota: it carries a `RetryInfo` too, yet retrying within the day is futile. */
  dailyQuota(options: { model?: string } = {}): FakeGeminiErrorReply {
    return quotaExceeded({
      quotaId: 'GenerateRequestsPerDayPerProjectPerModel-FreeTier',
      metric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
      limit: '250',
      model: options.model ?? 'gemini-2.5-flash',
      retryDelay: '41s',
    });
  },
  /** What Google answers a wrong key with: 400, not 401. */
  invalidApiKey(): FakeGeminiErrorReply {
    return googleErrorReply(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      },
    ]);
  },
  /** What Google answers a request without any key with. */
  missingApiKey(): FakeGeminiErrorReply {
    return googleErrorReply(
      403,
      'PERMISSION_DENIED',
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  },
  permissionDenied(): FakeGeminiErrorReply {
    return googleErrorReply(403, 'PERMISSION_DENIED', 'The caller does not have permission');
  },
  modelNotFound(model: string): FakeGeminiErrorReply {
    return googleErrorReply(
      404,
      'NOT_FOUND',
      `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
    );
  },
  contextTooLong(): FakeGeminiErrorReply {
    return googleErrorReply(
      400,
      'INVALID_ARGUMENT',
      'The input token count (1210301) exceeds the maximum number of tokens allowed (1048576).',
    );
  },
  badRequest(message: string): FakeGeminiErrorReply {
    return googleErrorReply(400, 'INVALID_ARGUMENT', message);
  },
  internal(): FakeGeminiErrorReply {
    return errorReply(500, defaultGeminiErrorBody(500), googleJsonHeaders);
  },
  overloaded(): FakeGeminiErrorReply {
    return errorReply(503, defaultGeminiErrorBody(503), googleJsonHeaders);
  },
};
