import { createServer } from 'node:net';
import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { isLoopback, listenError, parsePort, requiredServerApiKey, serverApiKey } from './listen-address.js';

describe('listen address', () => {
  it('takes ports 0 to 65535 and nothing else', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('4000')).toBe(4000);
    for (const bad of ['-1', '65536', '80.5', 'http']) expect(() => parsePort(bad)).toThrow(InvalidArgumentError);
  });

  it('counts only addresses of this machine as loopback', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '192.168.1.4', '::'].some(isLoopback)).toBe(false);
  });

  it('takes the key from the flag, else the environment, and a blank one as none', () => {
    expect(serverApiKey(' flag-key ', { MASSGEN_SERVER_API_KEY: 'env-key' })).toBe('flag-key');
    expect(serverApiKey(undefined, { MASSGEN_SERVER_API_KEY: 'env-key' })).toBe('env-key');
    expect(serverApiKey('  ', { MASSGEN_SERVER_API_KEY: '' })).toBeUndefined();
  });

  it('requires a key off loopback only', () => {
    expect(requiredServerApiKey('127.0.0.1', undefined, {})).toBeUndefined();
    expect(requiredServerApiKey('0.0.0.0', undefined, { MASSGEN_SERVER_API_KEY: 'env-key' })).toBe('env-key');
    expect(() => requiredServerApiKey('0.0.0.0', ' ', {})).toThrow(/Listening on 0\.0\.0\.0 needs an API key/);
  });

  it('says which flag to change when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const second = createServer();
    const failure = await new Promise<Error>((resolve) => {
      second.once('error', resolve);
      second.listen(port, '127.0.0.1');
    });
    await new Promise<void>((resolve) => taken.close(() => resolve()));
    const error = listenError(failure, { host: '127.0.0.1', port });
    expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
    expect(error.message).toBe(`Port ${port} on 127.0.0.1 is already in use; choose another with --port.`);
  });
});
