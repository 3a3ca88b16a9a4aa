import type { FakeServerErrorReply } from './fake-server-types.js';

/** A scripted error status with the body, and any headers, the provider sends with it. */
export function errorReply(status: number, body: unknown, headers?: Record<string, string>): FakeServerErrorReply {
  return { type: 'error', status, body, ...(headers === undefined ? {} : { headers }) };
}
