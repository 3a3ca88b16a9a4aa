import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { abortError, limitFor } from '../provider-limits.js';
import type { ProviderLimiter, ProviderLimits } from '../provider-limits.js';

/**
 * Takes a slot if the provider's limits allow. Returns 0 when taken, the milliseconds to wait
 * for a rate window or pause, or -1 when all concurrent slots are held. Concurrent slots are
 * leases that expire unless renewed, so a worker killed mid-call frees its slots.
 */
const acquireScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local pausedUntil = tonumber(redis.call('GET', KEYS[3]) or '0')
if pausedUntil > now then return pausedUntil - now end
local concurrency = tonumber(ARGV[2])
local perMinute = tonumber(ARGV[3])
local leaseMs = tonumber(ARGV[4])
if concurrency > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  if redis.call('ZCARD', KEYS[1]) >= concurrency then return -1 end
end
if perMinute > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 60000)
  local started = redis.call('ZCARD', KEYS[2])
  if started >= perMinute then
    local oldest = redis.call('ZRANGE', KEYS[2], started - perMinute, started - perMinute, 'WITHSCORES')
    return math.max(1, tonumber(oldest[2]) + 60000 - now)
  end
  redis.call('ZADD', KEYS[2], now, ARGV[1])
  redis.call('PEXPIRE', KEYS[2], 60000)
end
if concurrency > 0 then
  redis.call('ZADD', KEYS[1], now + leaseMs, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], leaseMs)
end
return 0
`;

const renewScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0
`;

const pauseScript = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local resumeAt = now + tonumber(ARGV[1])
if resumeAt > tonumber(redis.call('GET', KEYS[1]) or '0') then
  redis.call('SET', KEYS[1], resumeAt, 'PX', ARGV[1])
end
return 0
`;

interface LimiterCommands {
  massgenAcquire(...args: Array<string | number>): Promise<number>;
  massgenRenew(...args: Array<string | number>): Promise<number>;
  massgenPause(...args: Array<string | number>): Promise<number>;
}

export interface RedisProviderLimiterOptions {
  /** Key prefix: limiters with the same prefix share their limits. */
  prefix: string;
  /** How long a slot outlives a silent holder. */
  leaseMs?: number;
  /** How often to ask again while every concurrent slot is held. */
  pollMs?: number;
}

/**
 * Provider limits kept in Redis, shared by every worker of a queue. A worker makes one per job,
 * with the limits the submitter gave, on one shared connection.
 */
export class RedisProviderLimiter implements ProviderLimiter {
  private readonly commands: LimiterCommands;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly renewals = new Set<NodeJS.Timeout>();

  constructor(
    private readonly client: Redis,
    private readonly limits: ProviderLimits,
    private readonly options: RedisProviderLimiterOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 50;
    const commands = client as unknown as Partial<LimiterCommands>;
    if (typeof commands.massgenAcquire !== 'function') {
      client.defineCommand('massgenAcquire', { numberOfKeys: 3, lua: acquireScript });
      client.defineCommand('massgenRenew', { numberOfKeys: 1, lua: renewScript });
      client.defineCommand('massgenPause', { numberOfKeys: 1, lua: pauseScript });
    }
    this.commands = client as unknown as LimiterCommands;
  }

  async acquire(provider: string, signal?: AbortSignal): Promise<() => void> {
    const limit = limitFor(this.limits, provider);
    const concurrency = limit.concurrency ?? 0;
    const perMinute = limit.requestsPerMinute ?? 0;
    const holder = randomUUID();
    const leases = this.key(provider, 'leases');
    for (;;) {
      if (signal?.aborted === true) throw abortError(signal);
      const wait = await this.commands.massgenAcquire(
        leases,
        this.key(provider, 'starts'),
        this.key(provider, 'paused'),
        holder,
        concurrency,
        perMinute,
        this.leaseMs,
      );
      if (wait === 0) break;
      await delay(wait < 0 ? this.pollMs : wait, signal);
    }
    if (concurrency === 0) return () => {};
    const renewal = setInterval(() => {
      this.commands.massgenRenew(leases, holder, this.leaseMs).catch(() => {});
    }, this.leaseMs / 3);
    renewal.unref();
    this.renewals.add(renewal);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(renewal);
      this.renewals.delete(renewal);
      this.client.zrem(leases, holder).catch(() => {});
    };
  }

  async pause(provider: string, ms: number): Promise<void> {
    await this.commands.massgenPause(this.key(provider, 'paused'), Math.ceil(ms));
  }

  async close(): Promise<void> {
    for (const renewal of this.renewals) clearInterval(renewal);
    this.renewals.clear();
  }

  private key(provider: string, part: string): string {
    return `${this.options.prefix}:${provider}:${part}`;
  }
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort(): void {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
