import type { KeySegment } from './key-path.js';
import { isSecretKeyPath } from './secret-paths.js';

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

/**
 * What a message says was found at a key path: the value itself (`got "soon"`), or only its kind
 * where the key may hold a secret, or `missing` when there is none.
 */
export function describeFound(segments: readonly KeySegment[], value: unknown): string {
  if (value === undefined) return 'missing';
  return `got ${isSecretKeyPath(segments) ? describeKind(value) : describeValue(value)}`;
}
