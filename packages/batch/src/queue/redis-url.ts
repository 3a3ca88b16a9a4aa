import { MassGenError } from '@massgen/core';
import type { RedisOptions } from 'ioredis';

/** Connection settings from a `redis://[user:password@]host[:port][/db]` (or `rediss://`) URL. */
export function redisOptionsFromUrl(url: string): RedisOptions {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidUrl(url, 'it is not a URL');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw invalidUrl(url, `the scheme is ${parsed.protocol.replace(/:$/, '')}, not redis or rediss`);
  const database = parsed.pathname.replace(/^\//, '');
  if (database !== '' && !/^\d+$/.test(database)) throw invalidUrl(url, `"${database}" is not a database number`);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: parsed.port === '' ? 6379 : Number(parsed.port),
    ...(database === '' ? {} : { db: Number(database) }),
    ...(parsed.username === '' ? {} : { username: decodeURIComponent(parsed.username) }),
    ...(parsed.password === '' ? {} : { password: decodeURIComponent(parsed.password) }),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/** The URL as it may be shown: without its password. */
export function displayRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}

function invalidUrl(url: string, why: string): MassGenError {
  return new MassGenError({
    code: 'CONFIG_INVALID',
    message: `--queue ${displayRedisUrl(url)}: ${why}; expected redis://host:port/db (e.g. redis://127.0.0.1:6379/0).`,
  });
}
