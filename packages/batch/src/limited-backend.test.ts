import { describe, expect, it } from 'vitest';
import type { StreamPart } from '@massgen/core';
import { collectParts, createScriptedBackend } from '@massgen/testing';
import { limitBackend } from './limited-backend.js';
import type { ProviderLimiter } from './provider-limits.js';

/** Records what the backend asks of its limiter. */
function recordingLimiter(): ProviderLimiter & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    acquire: async (provider) => {
      log.push(`acquire ${provider}`);
      return () => log.push(`release ${provider}`);
    },
    pause: (provider, ms) => {
      log.push(`pause ${provider} ${ms}`);
    },
    close: async () => {},
  };
}

const rateLimited: StreamPart = {
  type: 'error',
  error: {
    code: 'BACKEND_RATE_LIMIT',
    message: 'slow down',
    retryable: true,
    retryAfterMs: 3000,
  },
};

describe('limitBackend', () => {
  it('takes a slot for each call under the backend type and gives it back when the stream ends', async () => {
    const limiter = recordingLimiter();
    const backend = limitBackend(
      createScriptedBackend({
        turns: [
          [
            { type: 'text-delta', text: 'hi' },
            { type: 'finish', reason: 'stop' },
          ],
        ],
      }),
      limiter,
    );
    expect(backend.provider).toBe('scripted');
    const parts = await collectParts(backend.stream({ messages: [{ role: 'user', content: 'q' }] }));
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'finish']);
    expect(limiter.log).toEqual(['acquire scripted', 'release scripted']);
  });

  it("pauses the provider for a rate-limited call's retry-after, for every run sharing the limiter", async () => {
    const limiter = recordingLimiter();
    const backend = limitBackend(createScriptedBackend({ turns: [[rateLimited]] }), limiter);
    const parts = await collectParts(backend.stream({ messages: [{ role: 'user', content: 'q' }] }));
    expect(parts).toEqual([rateLimited]);
    expect(limiter.log).toEqual(['acquire scripted', 'pause scripted 3000', 'release scripted']);
  });

  it('ends the stream with the ABORTED error when cancelled while waiting for a slot', async () => {
    const controller = new AbortController();
    const limiter: ProviderLimiter = {
      acquire: (_provider, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      pause: () => {},
      close: async () => {},
    };
    const backend = limitBackend(createScriptedBackend({ turns: [[{ type: 'finish', reason: 'stop' }]] }), limiter);
    const collecting = collectParts(backend.stream({ messages: [] }, { signal: controller.signal }));
    controller.abort();
    const parts = await collecting;
    expect(parts).toHaveLength(1);
    expect(parts[0]?.type).toBe('error');
  });
});
