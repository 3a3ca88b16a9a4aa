import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createFakeOpenAIServer } from '@massgen/testing';
import type { FakeOpenAIServer, FakeOpenAIServerOptions } from '@massgen/testing';
import { useTemporaryDirectory } from '@massgen/testing/vitest';

export interface ServerDirectory<Server> {
  /** The working directory of the CLI runs (`massgen-<prefix>-…` under the system's temporary directory). */
  readonly directory: string;
  /** The fake server (or servers) for the runs' agents. */
  readonly server: Server;
}

/** A fake OpenAI-compatible server for the runs' agents, and their working directory. */
export type FakeServerDirectory = ServerDirectory<FakeOpenAIServer>;

export interface ServerDirectoryOptions {
  /** One directory and server for all the file's tests rather than a fresh pair for each test. */
  perFile?: boolean;
  /**
   * The directory with its links resolved (macOS's /var is /private/var), for tests that compare
   * it with paths the CLI or a sandbox reports.
   */
  resolveLinks?: boolean;
}

export interface FakeServerDirectoryOptions extends ServerDirectoryOptions {
  /** How the fake server is made (its responder, its required key), called as each one is. */
  server?: () => FakeOpenAIServerOptions;
}

/**
 * A temporary directory and the server `start` makes, made before each test (or once for the
 * file) and removed after it. Hooks the file registers later run after these are made and before
 * they are removed.
 */
export function useServerDirectory<Server extends { close(): Promise<void> }>(
  prefix: string,
  start: () => Promise<Server>,
  options: ServerDirectoryOptions = {},
): ServerDirectory<Server> {
  const directory = useTemporaryDirectory(prefix, {
    perFile: options.perFile,
    resolveLinks: options.resolveLinks === true,
  });
  let server: Server | undefined;
  const [before, after] = options.perFile === true ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    server = await start();
  });
  after(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    get directory() {
      return directory.path;
    },
    get server() {
      if (server === undefined) throw new Error('the fake server starts before each test (or the file)');
      return server;
    },
  };
}

/** `useServerDirectory` with a fake OpenAI-compatible server. */
export function useFakeServerDirectory(prefix: string, options: FakeServerDirectoryOptions = {}): FakeServerDirectory {
  return useServerDirectory(prefix, () => createFakeOpenAIServer(options.server?.()), options);
}
