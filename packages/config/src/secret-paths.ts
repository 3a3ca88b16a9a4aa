import type { KeySegment } from './key-path.js';

const secretName = /api[_-]?key|token|secret|password|passwd|authorization|credential|private[_-]?key/i;

/**
 * Whether a key path may hold a secret, so that messages describe its value by type only:
 * keys named like credentials, and anything inside an `env` or `headers` mapping.
 */
export function isSecretKeyPath(segments: readonly KeySegment[]): boolean {
  return segments.some(
    (segment, index) =>
      typeof segment === 'string' && (secretName.test(segment) || ((segment === 'env' || segment === 'headers') && index < segments.length - 1)),
  );
}
