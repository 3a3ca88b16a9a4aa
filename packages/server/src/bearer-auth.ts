import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A check of `Authorization: Bearer <key>` against the server's key. Both sides are hashed
 * first, so the comparison takes the same time whatever the length or content of the guess.
 * Without a key every request passes.
 */
export function createBearerCheck(apiKey: string | undefined): (authorization: string | undefined) => boolean {
  if (apiKey === undefined) return () => true;
  const expected = digest(apiKey);
  return (authorization) => {
    const match = /^Bearer[ \t]+(.+)$/i.exec(authorization?.trim() ?? '');
    if (match?.[1] === undefined) return false;
    return timingSafeEqual(digest(match[1]), expected);
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
