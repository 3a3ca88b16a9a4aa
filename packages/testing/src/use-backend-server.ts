import type { Backend, BackendSettings, Warning } from '@massgen/core';
import { beforeEach } from 'vitest';
import { useFakeServer } from './use-fake-server.js';

/** A fake provider server as {@link useBackendServer} drives it. */
export interface BackendTestServer {
  readonly url: string;
  close(): Promise<void>;
}

/** A backend type under test and the fake server it talks to. */
export interface BackendServerSubject<Server extends BackendTestServer> {
  type: string;
  model: string;
  /** Starts the fake server, accepting only `apiKey`. */
  startServer(options: { apiKey: string }): Promise<Server>;
  createBackend(settings: BackendSettings): Backend;
  /** The key the server accepts; one that no provider's key check refuses unless given. */
  apiKey?: string;
  /** The options that point the backend at `server`: `base_url` and `api_key` unless given. */
  connection?: (server: Server, apiKey: string) => Record<string, unknown>;
  /** The agent the backend works for: `agent-a` unless given. */
  agentId?: string;
  /** The environment the backend reads keys from: empty unless given. */
  env?: BackendSettings['env'];
}

/** What a test file gets from {@link useBackendServer}. */
export interface BackendServerFixture<Server> {
  /** The current test's fake server. */
  server: Server;
  apiKey: string;
  /** What the backend warned about during the current test. */
  warnings: Warning[];
  /** Settings pointing a backend at the server, with `options` over the connection and `overrides` over the rest. */
  settings: (options?: Record<string, unknown>, overrides?: Partial<BackendSettings>) => BackendSettings;
  /** A backend made with {@link BackendServerFixture.settings}. */
  backend: (options?: Record<string, unknown>, overrides?: Partial<BackendSettings>) => Backend;
}

/**
 * A fresh fake server for each test of the calling file and the settings that point a backend at
 * it, so a backend test file declares both in one call instead of a server, a warnings list, a
 * hook to empty it and a settings function of its own. A backend package keeps its subject in one
 * place and its test files pass it here, overriding what a file needs (`{ ...subject, model }`).
 */
export function useBackendServer<Server extends BackendTestServer>(
  subject: BackendServerSubject<Server>,
): BackendServerFixture<Server> {
  const apiKey = subject.apiKey ?? 'test-key-3c8e5a1f72';
  const server = useFakeServer(() => subject.startServer({ apiKey }));
  const warnings: Warning[] = [];
  beforeEach(() => {
    warnings.length = 0;
  });
  const connection = subject.connection ?? ((fake: Server) => ({ base_url: fake.url, api_key: apiKey }));
  const settings = (
    options: Record<string, unknown> = {},
    overrides: Partial<BackendSettings> = {},
  ): BackendSettings => ({
    agentId: subject.agentId ?? 'agent-a',
    type: subject.type,
    model: subject.model,
    options: { ...connection(server, apiKey), ...options },
    env: subject.env ?? {},
    warn: (warning: Warning) => warnings.push(warning),
    ...overrides,
  });
  const backend = (options?: Record<string, unknown>, overrides?: Partial<BackendSettings>) =>
    subject.createBackend(settings(options, overrides));
  return { server, apiKey, warnings, settings, backend };
}
