import type { StreamPart } from '@massgen/core';
import { expect } from 'vitest';
import type { FakeMedia } from './fake-media.js';
import { collectParts } from './stream-parts.js';

/**
 * Asserts a backend sent a request's media as its provider takes it: the stream ends with a stop
 * finish, and the fake `server` decoded from the first request exactly `media`, in order.
 */
export async function expectMediaDelivered(
  stream: AsyncIterable<StreamPart>,
  server: { readonly requests: ReadonlyArray<{ readonly media: readonly FakeMedia[] }> },
  media: FakeMedia[],
): Promise<void> {
  const parts = await collectParts(stream);
  expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'stop' });
  expect(server.requests[0]?.media).toEqual(media);
}
