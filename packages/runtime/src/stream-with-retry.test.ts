import { describe, expect, it } from 'vitest';
import { MassGenError } from '@massgen/core';
import type { Backend, StreamPart } from '@massgen/core';
import { RequestGate } from './request-gate.js';
import { defaultRetryPolicy } from './retry-policy.js';
import { streamWithRetry } from './stream-with-retry.js';
import type { CallPart } from './stream-with-retry.js';

function backendPlaying(attempts: StreamPart[][]): Backend & { calls: number } {
  const backend = {
    specificationVersion: 'v1' as const,
    provider: 'test',
    modelId: 'test-model',
    calls: 0,
    async *stream(): AsyncGenerator<StreamPart> {
      const parts = attempts[backend.calls] ?? [];
      backend.calls += 1;
      yield* parts;
    },
  };
  return backend;
}

const rateLimited = (retryAfterMs?: number): StreamPart => ({
  type: 'error',
  error: new MassGenError({
    code: 'BACKEND_RATE_LIMIT',
    message: 'slow down',
    retryable: true,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  }).toJSON(),
});

async function collect(
  backend: Backend,
  sleeps: number[],
  gated: { gate?: RequestGate; signal?: AbortSignal; duringSleep?: () => Promise<void> } = {},
): Promise<CallPart[]> {
  const parts: CallPart[] = [];
  const stream = streamWithRetry(
    backend,
    { messages: [] },
    {
      agentId: 'alpha',
      policy: defaultRetryPolicy,
      sleep: async (ms) => {
        sleeps.push(ms);
        await gated.duringSleep?.();
      },
      random: () => 0,
      ...(gated.gate === undefined ? {} : { gate: gated.gate }),
      ...(gated.signal === undefined ? {} : { signal: gated.signal }),
    },
  );
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('streamWithRetry', () => {
  it('retries a rate-limited call after the delay the provider asked for, then succeeds', async () => {
    const backend = backendPlaying([
      [rateLimited(1500)],
      [
        { type: 'text-delta', text: 'ok' },
        { type: 'finish', reason: 'stop' },
      ],
    ]);
    const sleeps: number[] = [];
    const parts = await collect(backend, sleeps);
    expect(backend.calls).toBe(2);
    expect(sleeps).toEqual([1500]);
    expect(parts.map((part) => part.type)).toEqual(['retry', 'text-delta', 'finish']);
    expect(parts[0]).toMatchObject({
      type: 'retry',
      attempt: 1,
      maxAttempts: 3,
      delayMs: 1500,
      error: { code: 'BACKEND_RATE_LIMIT', agentId: 'alpha' },
    });
  });

  it('never retries once output has streamed', async () => {
    const backend = backendPlaying([
      [{ type: 'text-delta', text: 'partial' }, rateLimited()],
      [{ type: 'text-delta', text: 'again' }],
    ]);
    const sleeps: number[] = [];
    const parts = await collect(backend, sleeps);
    expect(backend.calls).toBe(1);
    expect(sleeps).toEqual([]);
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'error']);
    // Not retried here, so not marked as retried: the strategy may repeat the whole turn.
    expect(parts.at(-1)).toMatchObject({ type: 'error', error: { retryable: true } });
    expect((parts.at(-1) as { error: { attempts?: number } }).error.attempts).toBeUndefined();
  });

  it('gives up after the allowed retries and reports the last error for the agent', async () => {
    const backend = backendPlaying([[rateLimited()], [rateLimited()], [rateLimited()], [rateLimited()]]);
    const sleeps: number[] = [];
    const parts = await collect(backend, sleeps);
    expect(backend.calls).toBe(defaultRetryPolicy.maxRetries + 1);
    expect(sleeps).toEqual([1000, 2000]);
    expect(parts.map((part) => (part.type === 'retry' ? [part.attempt, part.maxAttempts] : part.type))).toEqual([
      [1, 3],
      [2, 3],
      'error',
    ]);
    // Marked as retried to the end, so no other layer asks the provider again.
    expect(parts.at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'BACKEND_RATE_LIMIT', agentId: 'alpha', retryable: true, attempts: 3 },
    });
  });

  it('gives up at once on a retry-after longer than it waits, and says the one attempt was the last', async () => {
    const backend = backendPlaying([[rateLimited(10 * 60_000)], [{ type: 'finish', reason: 'stop' }]]);
    const parts = await collect(backend, []);
    expect(backend.calls).toBe(1);
    expect(parts).toMatchObject([{ type: 'error', error: { code: 'BACKEND_RATE_LIMIT', attempts: 1 } }]);
  });

  it('does not retry errors that are not retryable', async () => {
    const auth: StreamPart = {
      type: 'error',
      error: new MassGenError({ code: 'BACKEND_AUTH', message: 'bad key', retryable: false }).toJSON(),
    };
    const backend = backendPlaying([[auth], [{ type: 'finish', reason: 'stop' }]]);
    const parts = await collect(backend, []);
    expect(backend.calls).toBe(1);
    expect(parts).toMatchObject([{ type: 'error', error: { code: 'BACKEND_AUTH' } }]);
  });

  it('turns a backend that throws into an error part instead of an exception', async () => {
    const backend: Backend = {
      specificationVersion: 'v1',
      provider: 'broken',
      modelId: 'broken',
      // eslint-disable-next-line require-yield -- a backend that fails before its first part
      async *stream() {
        throw new Error('contract violated');
      },
    };
    const parts = await collect(backend, []);
    expect(parts).toMatchObject([
      { type: 'error', error: { code: 'INTERNAL', message: 'contract violated', agentId: 'alpha' } },
    ]);
  });

  describe('behind a request gate', () => {
    const oneSlot = () =>
      new RequestGate(
        new Map([
          ['alpha', { key: 'p', name: 'openai', maxConcurrentRequests: 1 }],
          ['beta', { key: 'p', name: 'openai', maxConcurrentRequests: 1 }],
        ]),
      );

    it('frees its slot while it waits to retry', async () => {
      const gate = oneSlot();
      let betaGotIn = false;
      const parts = await collect(backendPlaying([[rateLimited()], [{ type: 'finish', reason: 'stop' }]]), [], {
        gate,
        duringSleep: async () => {
          const entered = await gate.enter('beta', undefined).next();
          betaGotIn = entered.done === true;
          if (entered.done === true) entered.value.release();
        },
      });
      expect(betaGotIn).toBe(true);
      expect(parts.map((part) => part.type)).toEqual(['retry', 'finish']);
      await gate.close();
    });

    it("holds every agent on the provider for a rate-limited request's retry-after", async () => {
      const gate = oneSlot();
      let betaFirst: CallPart | undefined;
      const parts = await collect(backendPlaying([[rateLimited(30)], [{ type: 'finish', reason: 'stop' }]]), [], {
        gate,
        duringSleep: async () => {
          const entering = gate.enter('beta', undefined);
          const first = await entering.next();
          if (first.done !== true) betaFirst = first.value;
          await entering.return({ release: () => undefined, waited: true });
        },
      });
      // The slot was free, yet beta waits: the provider asked to be left alone for 30 ms.
      expect(betaFirst).toEqual({ type: 'request-slot', waiting: true });
      expect(parts[0]).toMatchObject({ type: 'retry', delayMs: 30 });
      expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
      await gate.close();
    });

    it('says it waits, then that it has its slot, and gives up waiting when cancelled', async () => {
      const gate = oneSlot();
      const held = await gate.enter('beta', undefined).next();
      expect(held).toMatchObject({ done: true, value: { waited: false } });
      const controller = new AbortController();
      const waiting = collect(backendPlaying([[{ type: 'finish', reason: 'stop' }]]), [], {
        gate,
        signal: controller.signal,
      });
      await Promise.resolve();
      controller.abort();
      expect(await waiting).toMatchObject([
        { type: 'request-slot', waiting: true },
        { type: 'warning', warning: { code: 'waiting-for-request-slot', agentId: 'alpha' } },
        { type: 'error', error: { code: 'ABORTED', agentId: 'alpha' } },
      ]);
      if (held.done === true) held.value.release();
      const parts = await collect(backendPlaying([[{ type: 'finish', reason: 'stop' }]]), [], { gate });
      // Told once: the second wait is not announced again, and this time there was none.
      expect(parts).toEqual([{ type: 'finish', reason: 'stop' }]);
      await gate.close();
    });
  });
});
