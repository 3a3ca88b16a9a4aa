/**
 * The delay a provider asked for before a retry, in milliseconds: `retry-after-ms` first (OpenAI
 * and Azure send it with sub-second precision), then `retry-after` as seconds or an HTTP date.
 * Invalid or negative values are ignored rather than trusted.
 */
export function parseRetryAfter(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = parseNonNegative(headers.get('retry-after-ms'));
  if (milliseconds !== undefined) return Math.round(milliseconds);
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = parseNonNegative(value);
  if (seconds !== undefined) return Math.round(seconds * 1000);
  // An HTTP date names its weekday and month; without letters `Date.parse` would read `-3` as a year.
  const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

function parseNonNegative(value: string | null): number | undefined {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return undefined;
  return Number(value);
}
