/** A value as quoted in a message: text in quotes (cut at 40 characters), numbers and booleans as written, anything else by its kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return describeKind(value);
}

/** What kind of value it is, without showing it: for values that may be secret. */
export function describeKind(value: unknown): string {
  if (value === null || value === undefined) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}
