import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerUnavailable, startRedisServer } from '@massgen/testing';
import type { TestRedisServer } from '@massgen/testing';
import type { Redis } from 'ioredis';
import { loadQueueLibraries } from './queue-libraries.js';
import { connectRedis } from './redis-connection.js';
import { RedisProviderLimiter } from './redis-provider-limiter.js';

const unavailable = redisServerUnavailable();
if (unavailable !== undefined) console.warn(`Skipping the Redis limiter tests: ${unavailable}`);

let redis: TestRedisServer;
let clients: Redis[] = [];

beforeAll(async () => {
  if (unavailable !== undefined) return;
  redis = await startRedisServer();
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  clients = [];
  await redis?.close();
});

/** A client per simulated worker process, as each worker has its own connection. */
async function worker(): Promise<Redis> {
  const client = await connectRedis(await loadQueueLibraries(), redis.url);
  clients.push(client);
  return client;
}

async function settles(promise: Promise<unknown>, withinMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), withinMs)));
  const result = await Promise.race([promise.then(() => true), timeout]);
  clearTimeout(timer);
  return result;
}

describe.skipIf(unavailable !== undefined)('RedisProviderLimiter', () => {
  it('holds the concurrency limit across workers, and frees the slot when released', async () => {
    const prefix = 'test:concurrency';
    const first = new RedisProviderLimiter(await worker(), { openai: { concurrency: 1 } }, { prefix, pollMs: 10 });
    const second = new RedisProviderLimiter(await worker(), { openai: { concurrency: 1 } }, { prefix, pollMs: 10 });
    const release = await first.acquire('openai');
    const waiting = second.acquire('openai');
    // Another provider has its own slots.
    expect(await settles(second.acquire('claude'), 5000)).toBe(true);
    expect(await settles(waiting, 300)).toBe(false);
    release();
    expect(await settles(waiting, 5000)).toBe(true);
    await first.close();
    await second.close();
  });

  it("frees a killed worker's slot once its lease runs out unrenewed", async () => {
    const prefix = 'test:lease';
    const doomed = new RedisProviderLimiter(await worker(), { '*': { concurrency: 1 } }, { prefix, leaseMs: 400 });
    await doomed.acquire('openai');
    // What SIGKILL does: the holder stops renewing and never releases.
    await doomed.close();
    const survivor = new RedisProviderLimiter(await worker(), { '*': { concurrency: 1 } }, { prefix, pollMs: 20 });
    const started = Date.now();
    expect(await settles(survivor.acquire('openai'), 10_000)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await survivor.close();
  });

  it('keeps a slot held for longer than its lease while the holder is alive', async () => {
    const prefix = 'test:renew';
    const holder = new RedisProviderLimiter(await worker(), { '*': { concurrency: 1 } }, { prefix, leaseMs: 300 });
    const other = new RedisProviderLimiter(await worker(), { '*': { concurrency: 1 } }, { prefix, pollMs: 20 });
    const release = await holder.acquire('openai');
    // Three lease lengths: renewals (every 100 ms) keep it held.
    expect(await settles(other.acquire('openai'), 900)).toBe(false);
    release();
    await holder.close();
    await other.close();
  });

  it('shares the per-minute window and the pause after a 429 between workers', async () => {
    const prefix = 'test:rate';
    const first = new RedisProviderLimiter(await worker(), { gemini: { requestsPerMinute: 2 } }, { prefix });
    const second = new RedisProviderLimiter(await worker(), { gemini: { requestsPerMinute: 2 } }, { prefix });
    (await first.acquire('gemini'))();
    (await second.acquire('gemini'))();
    // The third start in the same minute waits for the window, whichever worker asks.
    const controller = new AbortController();
    const third = first.acquire('gemini', controller.signal);
    expect(await settles(third, 300)).toBe(false);
    controller.abort();
    await expect(third).rejects.toMatchObject({ code: 'ABORTED' });

    await first.pause('openai', 400);
    const started = Date.now();
    (await second.acquire('openai'))();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await first.close();
    await second.close();
  });
});
