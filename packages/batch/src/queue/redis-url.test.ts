import { describe, expect, it } from 'vitest';
import { displayRedisUrl, redisOptionsFromUrl } from './redis-url.js';

describe('redisOptionsFromUrl', () => {
  it('reads host, port, database, user and password', () => {
    expect(redisOptionsFromUrl('redis://127.0.0.1:6380/2')).toEqual({ host: '127.0.0.1', port: 6380, db: 2 });
    expect(redisOptionsFromUrl('redis://user:p%40ss@queue.internal')).toEqual({
      host: 'queue.internal',
      port: 6379,
      username: 'user',
      password: 'p@ss',
    });
    expect(redisOptionsFromUrl('rediss://[::1]:7000')).toEqual({ host: '::1', port: 7000, tls: {} });
  });

  it('says what is wrong with a URL it cannot use, without showing the password', () => {
    expect(() => redisOptionsFromUrl('http://127.0.0.1:6379')).toThrow(/the scheme is http, not redis or rediss/);
    expect(() => redisOptionsFromUrl('redis://:secret@host/abc')).toThrow(
      '--queue redis://:***@host/abc: "abc" is not a database number; expected redis://host:port/db',
    );
    expect(() => redisOptionsFromUrl('not a url')).toThrow(/it is not a URL/);
  });

  it('shows a URL with its password masked', () => {
    expect(displayRedisUrl('redis://:secret@host:6379/0')).toBe('redis://:***@host:6379/0');
    expect(displayRedisUrl('redis://host:6379/0')).toBe('redis://host:6379/0');
  });
});
