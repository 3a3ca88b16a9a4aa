import { MassGenError } from '@massgen/core';
import type { Redis } from 'ioredis';
import type { QueueLibraries } from './queue-libraries.js';
import { displayRedisUrl, redisOptionsFromUrl } from './redis-url.js';

/**
 * Connects to the Redis at `url` once, failing fast with an error that names the URL when it
 * is not there; BullMQ's own connections would otherwise retry without end.
 */
export async function connectRedis(libraries: QueueLibraries, url: string, timeoutMs = 5000): Promise<Redis> {
  const client = new libraries.Redis({
    ...redisOptionsFromUrl(url),
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    // After a refused connection ioredis would keep the process alive this long for nothing.
    disconnectTimeout: 50,
  });
  // ioredis reports the socket's error here and rejects connect() with a vaguer one.
  let socketError: Error | undefined;
  client.on('error', (error: Error) => {
    socketError ??= error;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const reason = (socketError ?? (error as Error)).message.replace(/\.$/, '');
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Cannot reach Redis at ${displayRedisUrl(url)}: ${reason}. Start redis-server there or give another --queue URL.`,
      cause: error,
    });
  }
  return client;
}

/** Connection settings BullMQ needs for queues and workers (blocking commands wait without limit). */
export function bullmqConnection(url: string): Record<string, unknown> {
  return { ...redisOptionsFromUrl(url), maxRetriesPerRequest: null };
}
