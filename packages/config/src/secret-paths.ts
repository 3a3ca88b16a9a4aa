import type { KeySegment } from './key-path.js';

/** Credential words as a whole part of a key name: `API_KEY`, `access_token`, `apiKey`, but not `max_tokens`. */
const secretName =
  /(^|[_-])(api[_-]?key|token|secret|password|passwd|authorization|credentials?|private[_-]?key)([_-]|$)/i;

/**
 * Whether a key path may hold a secret, so that messages describe its value by type only:
 * keys named like credentials, and anything inside an `env` or `headers` mapping.
 */
export function isSecretKeyPath(segments: readonly KeySegment[]): boolean {
  return segments.some(
    (segment, index) =>
      typeof segment === 'string' &&
      (secretName.test(segment) || ((segment === 'env' || segment === 'headers') && index < segments.length - 1)),
  );
}
