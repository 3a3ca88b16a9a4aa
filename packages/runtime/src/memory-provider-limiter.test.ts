import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryProviderLimiter } from './memory-provider-limiter.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Whether the promise has settled, after the microtasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/** Expects `waiting` to be pending until `ms` have passed, and settled as they end. */
async function expectSettlesAfter(waiting: Promise<unknown>, ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(await settled(waiting)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled(waiting)).toBe(true);
}

describe('MemoryProviderLimiter', () => {
  it('lets at most the configured number of calls to a provider run at once, first come first served', async () => {
    vi.useFakeTimers();
    const limiter = new MemoryProviderLimiter({ openai: { concurrency: 2 } });
    const first = await limiter.acquire('openai');
    await limiter.acquire('openai');
    const third = limiter.acquire('openai');
    const fourth = limiter.acquire('openai');
    expect(await settled(third)).toBe(false);
    // Another provider is not held up.
    expect(await settled(limiter.acquire('claude'))).toBe(true);
    first();
    first();
    expect(await settled(third)).toBe(true);
    expect(await settled(fourth)).toBe(false);
  });

  it('starts at most N calls in any minute', async () => {
    vi.useFakeTimers();
    const limiter = new MemoryProviderLimiter({ '*': { requestsPerMinute: 2 } });
    (await limiter.acquire('openai'))();
    await vi.advanceTimersByTimeAsync(10_000);
    (await limiter.acquire('openai'))();
    const third = limiter.acquire('openai');
    await expectSettlesAfter(third, 50_000);
  });

  it('holds every call to a provider for the retry-after of a rate-limited one', async () => {
    vi.useFakeTimers();
    const limiter = new MemoryProviderLimiter({});
    limiter.pause('openai', 5000);
    const waiting = limiter.acquire('openai');
    await expectSettlesAfter(waiting, 5000);
  });

  it('starts a call at once only when a slot is free and nobody waits ahead of it', async () => {
    vi.useFakeTimers();
    const limiter = new MemoryProviderLimiter({ openai: { concurrency: 1 } });
    const held = limiter.tryAcquire('openai');
    expect(held).toBeTypeOf('function');
    expect(limiter.tryAcquire('openai')).toBeUndefined();
    const waiting = limiter.acquire('openai');
    held?.();
    expect(await settled(waiting)).toBe(true);
    // The waiter that was first got the slot; a later try finds it taken.
    expect(limiter.tryAcquire('openai')).toBeUndefined();
    (await waiting)();
    limiter.pause('openai', 1000);
    expect(limiter.tryAcquire('openai')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(limiter.tryAcquire('openai')).toBeTypeOf('function');
  });

  it('gives up waiting when the call is cancelled, without taking a slot', async () => {
    const limiter = new MemoryProviderLimiter({ openai: { concurrency: 1 } });
    const held = await limiter.acquire('openai');
    const controller = new AbortController();
    const waiting = limiter.acquire('openai', controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'ABORTED' });
    held();
    const next = await limiter.acquire('openai');
    expect(typeof next).toBe('function');
  });
});
