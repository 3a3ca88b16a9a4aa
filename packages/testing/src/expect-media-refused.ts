import type { SerializedError, StreamPart } from '@massgen/core';
import { expect } from 'vitest';
import { collectParts, terminalError } from './stream-parts.js';

/**
 * Asserts a backend refused a request's media as every backend must: its stream ends with one
 * `MEDIA_UNSUPPORTED` error whose message has `says` in it, and no request reached the provider's
 * `server` (where the backend has one). Returns the error for what else the test checks.
 */
export async function expectMediaRefused(
  stream: AsyncIterable<StreamPart>,
  says: string,
  server?: { readonly requests: readonly unknown[] },
): Promise<SerializedError> {
  const error = terminalError(await collectParts(stream));
  expect(error.code).toBe('MEDIA_UNSUPPORTED');
  expect(error.message).toContain(says);
  if (server !== undefined) expect(server.requests).toHaveLength(0);
  return error;
}
