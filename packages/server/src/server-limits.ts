import { MassGenError } from '@massgen/core';

/** Bounds on what one client can make the server do. */
export interface ServerLimits {
  /** Largest request body accepted, in bytes; larger ones get 413. */
  maxBodyBytes: number;
  /** Runs in progress at once across all clients; further requests get 429 until one ends. */
  maxConcurrentRuns: number;
  /** Most messages one request may carry. */
  maxMessages: number;
  /** Most images, recordings and files one request may carry; more get 400. */
  maxAttachments: number;
  /** Largest image, recording or file in a request once decoded, in bytes; larger ones get 413. */
  maxAttachmentBytes: number;
  /**
   * Time allowed to receive a whole request (headers and body), in milliseconds, counted from
   * when the connection opens or its previous response ends. A connection still sending when it
   * is up is closed, whether it went quiet or sends slowly.
   */
  requestTimeoutMs: number;
  /** Open connections at once across all clients; further ones are closed as they arrive. */
  maxConnections: number;
  /** Interval of SSE comment lines that keep proxies from closing a quiet stream, in milliseconds. */
  heartbeatMs: number;
}

export const defaultServerLimits: ServerLimits = {
  // Room for a few images or a PDF as base64 data URLs.
  maxBodyBytes: 20 * 1024 * 1024,
  maxConcurrentRuns: 100,
  maxMessages: 1000,
  maxAttachments: 10,
  maxAttachmentBytes: 10 * 1024 * 1024,
  requestTimeoutMs: 30_000,
  maxConnections: 1000,
  heartbeatMs: 15_000,
};

/** Fills in defaults and rejects values that are not positive integers, naming the limit. */
export function resolveServerLimits(overrides: Partial<ServerLimits> = {}): ServerLimits {
  const limits = { ...defaultServerLimits, ...withoutUndefined(overrides) };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `Server limit ${name} must be a positive whole number, got ${JSON.stringify(value)}.`,
      });
    }
  }
  return limits;
}

function withoutUndefined(overrides: Partial<ServerLimits>): Partial<ServerLimits> {
  return Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
}
