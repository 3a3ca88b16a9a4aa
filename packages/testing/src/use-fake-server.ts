import { afterEach, beforeEach } from 'vitest';

/**
 * A fresh server for each test of the file: started before each test and closed after it. The
 * value returned stands in for the current test's server (every property and method goes to it),
 * so a test file declares its server in one line instead of a variable and two hooks.
 */
export function useFakeServer<Server extends { close(): Promise<void> }>(start: () => Promise<Server>): Server {
  let current: Server | undefined;
  beforeEach(async () => {
    current = await start();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const running = (): Server => {
    if (current === undefined) throw new Error('The fake server runs only inside a test (between its hooks).');
    return current;
  };
  return new Proxy({} as Server, {
    get(_target, key) {
      const server = running();
      const value: unknown = Reflect.get(server, key, server);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(server) : value;
    },
    has: (_target, key) => Reflect.has(running(), key),
  });
}
