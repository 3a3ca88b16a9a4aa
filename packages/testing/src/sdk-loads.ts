import type { Backend, StreamPart } from '@massgen/core';
import { collectParts } from './stream-parts.js';

/** How many times a backend's SDK module had loaded at each step, and how the one call ended. */
export interface SdkLoads {
  afterCreate: number;
  afterCall: number;
  lastPart: StreamPart | undefined;
}

/**
 * Creates a backend and streams one question through it, reading `loads` (which the test's
 * `vi.mock` factory for the SDK counts up) after each step: a backend that loads its SDK lazily
 * has loaded it 0 times after creation and once after the call.
 */
export async function countSdkLoads(loads: { readonly count: number }, create: () => Backend): Promise<SdkLoads> {
  const backend = create();
  const afterCreate = loads.count;
  const parts = await collectParts(backend.stream({ messages: [{ role: 'user', content: 'Hi' }] }));
  return { afterCreate, afterCall: loads.count, lastPart: parts.at(-1) };
}
