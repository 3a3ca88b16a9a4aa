import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { afterEach } from 'vitest';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeOpenAIServer, FakeResponder } from '@massgen/testing';
import { createMassGenServer } from './create-server.js';
import type { MassGenServer, MassGenServerOptions } from './create-server.js';
import { loadModelRegistry } from './load-model-registry.js';

const serverPackageDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every fake upstream call reports these tokens, so usage totals are checkable. */
export const tokensPerCall = { promptTokens: 20, completionTokens: 7 };

export interface TestServer {
  server: MassGenServer;
  upstream: FakeOpenAIServer;
  /** The official SDK pointed at the MassGen server. */
  client: OpenAI;
  /** `http://127.0.0.1:port` of the MassGen server. */
  url: string;
  directory: string;
  logs: string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** YAML of the default configuration (`massgen`); `{{upstream}}` becomes the fake provider's URL. */
  defaultYaml?: string;
  /** Named configurations (`massgen/<name>`), same placeholder. */
  namedYaml?: Record<string, string>;
  responder?: FakeResponder;
  apiKey?: string;
  server?: Partial<Omit<MassGenServerOptions, 'models'>>;
}

/** Three agents on the fake provider, each with its own model so the upstream log tells them apart. */
export const teamYaml = ['a', 'b', 'c']
  .map(
    (name) =>
      `  - id: agent-${name}\n    backend:\n      type: chatcompletion\n      model: model-${name}\n      base_url: "{{upstream}}"\n      api_key: upstream-key\n`,
  )
  .join('')
  .replace(/^/, 'agents:\n');

export const soloYaml =
  'agent:\n  id: solo\n  system_message: "Answer briefly."\n  backend:\n    type: chatcompletion\n    model: solo-model\n    base_url: "{{upstream}}"\n    api_key: upstream-key\n';

/** A team responder that also reports fixed usage on every call. */
export function countedTeamResponder(options: Parameters<typeof createTeamResponder>[0] = {}): FakeResponder {
  const team = createTeamResponder(options);
  return async (request, context) => {
    const reply = await team(request, context);
    return reply.type === 'text' || reply.type === 'tool-calls' ? { ...reply, usage: tokensPerCall } : reply;
  };
}

/**
 * A MassGen server on a free loopback port, serving configurations that point at a fake
 * OpenAI-compatible provider, with the plugins resolved from this package's dev dependencies.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-server-'));
  const upstream = await createFakeOpenAIServer({
    apiKey: 'upstream-key',
    responder: options.responder ?? countedTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.' }),
  });
  const write = (name: string, yaml: string): string => {
    const file = path.join(directory, name);
    writeFileSync(file, yaml.replaceAll('{{upstream}}', upstream.url));
    return file;
  };
  const configFile = write('default.yaml', options.defaultYaml ?? teamYaml);
  let configDirectory: string | undefined;
  if (options.namedYaml !== undefined) {
    configDirectory = path.join(directory, 'named');
    mkdirSync(configDirectory);
    for (const [name, yaml] of Object.entries(options.namedYaml)) write(path.join('named', `${name}.yaml`), yaml);
  }
  const models = await loadModelRegistry({
    configFile,
    ...(configDirectory === undefined ? {} : { configDirectory }),
    cwd: directory,
    env: {},
  });
  const logs: string[] = [];
  const server = createMassGenServer({
    models,
    log: (message) => logs.push(message),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...options.server,
    run: {
      cwd: directory,
      pluginSearchPaths: [serverPackageDirectory],
      pluginConditions: ['@massgen/source'],
      record: false,
      ...options.server?.run,
    },
  });
  const url = await server.listen({ port: 0 });
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: options.apiKey ?? 'unused', maxRetries: 0 });
  return {
    server,
    upstream,
    client,
    url,
    directory,
    logs,
    async close() {
      await server.close();
      await upstream.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Starts test servers for the tests of a file, each closed after the test that started it, so a
 * test file keeps no server variable and close hook of its own.
 */
export function useTestServers(): (options?: TestServerOptions) => Promise<TestServer> {
  const running: TestServer[] = [];
  afterEach(async () => {
    for (const harness of running.splice(0)) await harness.close();
  });
  return async (options) => {
    const harness = await startTestServer(options);
    running.push(harness);
    return harness;
  };
}
