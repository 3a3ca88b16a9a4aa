/** The limits Anthropic reports in `anthropic-ratelimit-<limit>-remaining` / `-reset` headers. */
const rateLimits = ['requests', 'tokens', 'input-tokens', 'output-tokens'] as const;

function parseSeconds(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value) * 1000;
}

/**
 * The delay Anthropic asked for before a retry, in milliseconds. `retry-after` (seconds, or an
 * HTTP date) wins; without it, the reset time of each limit the response says is used up
 * (`anthropic-ratelimit-*-remaining: 0`), the latest of them, since every one must have reset.
 * Invalid or past values are ignored rather than trusted.
 */
export function claudeRetryAfter(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const retryAfter = headers.get('retry-after');
  const seconds = parseSeconds(retryAfter);
  if (seconds !== undefined) return Math.round(seconds);
  // An HTTP date names its weekday and month; without letters `Date.parse` would read `-3` as a year.
  if (retryAfter !== null && /[a-z]/i.test(retryAfter)) {
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const resets = rateLimits
    .filter((limit) => headers.get(`anthropic-ratelimit-${limit}-remaining`)?.trim() === '0')
    .map((limit) => Date.parse(headers.get(`anthropic-ratelimit-${limit}-reset`) ?? ''))
    .filter((reset) => !Number.isNaN(reset) && reset > now);
  return resets.length === 0 ? undefined : Math.max(...resets) - now;
}
