import type { ErrorClassification } from './map-backend-error.js';

/**
 * What a provider's error body says beyond its HTTP status, read by the vendor's own rules (its
 * error types, codes and wording); the status table itself is shared.
 */
export interface FailureFacts {
  /** The key itself is bad, whatever the status (Google answers a bad key with 400). */
  badKey?: boolean;
  /** The account is out of money or quota: waiting will not help, unlike a rate limit. */
  quota?: boolean;
  /** The provider reports a rate limit (a stream's error event has no 429 to say so). */
  rateLimited?: boolean;
  overloaded?: boolean;
  /** The conversation did not fit the model's context window. */
  contextLength?: boolean;
}

/**
 * The classification of a failure the provider reported, from its HTTP status (undefined for an
 * error event inside a stream that had begun) and what its body says. `name` is the provider's
 * name in the summary.
 */
export function classifyHttpFailure(
  status: number | undefined,
  name: string,
  facts: FailureFacts = {},
): ErrorClassification {
  if (facts.badKey === true || status === 401)
    return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} rejected the API key` };
  if (status === 403) return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} refused access` };
  if (facts.quota === true || status === 402)
    return {
      code: 'BACKEND_QUOTA',
      retryable: false,
      summary: `${name} reports the account is out of quota or credit, or over its spending limit`,
    };
  if (facts.rateLimited === true || status === 429)
    return { code: 'BACKEND_RATE_LIMIT', retryable: true, summary: `${name} rate limit reached` };
  if (facts.overloaded === true || status === 503 || status === 529)
    return { code: 'BACKEND_OVERLOADED', retryable: true, summary: `${name} is overloaded` };
  if (status === 408 || status === 504)
    return { code: 'TIMEOUT', retryable: true, summary: `${name} timed out the request` };
  if (facts.contextLength === true)
    return {
      code: 'BACKEND_CONTEXT_LENGTH',
      retryable: false,
      summary: `The conversation does not fit the model's context window on ${name}`,
    };
  if (status === 404)
    return {
      code: 'BACKEND_NOT_FOUND',
      retryable: false,
      summary: `${name} does not know the requested model or endpoint`,
    };
  if (status === undefined)
    return { code: 'BACKEND_STREAM', retryable: true, summary: `${name} reported an error mid-stream` };
  if (status >= 500) return { code: 'BACKEND_SERVER', retryable: true, summary: `${name} had a server error` };
  return { code: 'BACKEND_BAD_REQUEST', retryable: false, summary: `${name} rejected the request` };
}
