import type { BackendModule, BackendRequest, BackendSettings } from '@massgen/core';
import { backendSettings, collectParts, createFakeOpenAIServer } from '@massgen/testing';
import { useFakeServer } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import type { OpenAICompatibleBackendModule } from './define-openai-compatible-backend.js';
import type { OpenAICompatibleBackendDefinition, OpenAICompatibleEndpoint } from './openai-compatible-endpoint.js';
import { resolveEndpoint } from './openai-compatible-endpoint.js';
import { parseOpenAICompatibleOptions } from './openai-compatible-options.js';

/** A backend package for a self-hosted OpenAI-compatible server (vLLM, SGLang, LM Studio). */
export interface ServerBackendSubject {
  module: BackendModule & Pick<OpenAICompatibleBackendModule, 'createBackend'>;
  /** The same function under the name that says which backend it creates (`createVLLMBackend`). */
  namedCreate: OpenAICompatibleBackendModule['createBackend'];
  definition: OpenAICompatibleBackendDefinition;
  model: string;
  /** Where it connects when `base_url` is not given, and what it calls the server. */
  endpoint: OpenAICompatibleEndpoint;
  /**
   * The variable holding the key of a server started with one (`VLLM_API_KEY`); absent for a
   * server that never checks one, which then reads no key from the environment.
   */
  keyVariable?: string;
}

const question: BackendRequest = { messages: [{ role: 'user', content: 'Weather in Paris?' }] };

/**
 * What every self-hosted server backend does the same way, against the fake OpenAI server:
 * its module shape, its default endpoint, its keys (none unless the server was started with one)
 * and a streamed tool call. Call it at the top level of the backend package's test file.
 */
export function describeServerBackend(subject: ServerBackendSubject): void {
  const type = subject.definition.type;
  describe(`${type} backend: a self-hosted OpenAI-compatible server`, () => {
    const server = useFakeServer(() => createFakeOpenAIServer({ chunkSize: 3 }));
    const settings = (overrides: Partial<BackendSettings> = {}): BackendSettings =>
      backendSettings({ type, model: subject.model, options: { base_url: server.url }, ...overrides });

    it(`is a backend module for type ${type}, and checks its options`, () => {
      const loaded: BackendModule = subject.module;
      expect(loaded.specificationVersion).toBe('v1');
      expect(loaded.createBackend(settings())).toMatchObject({
        specificationVersion: 'v1',
        provider: type,
        modelId: subject.model,
      });
      expect(subject.namedCreate).toBe(subject.module.createBackend);
      expect(loaded.optionsSchema?.safeParse({ base_url: 'localhost:8000' }).success).toBe(false);
    });

    it(`talks to ${subject.endpoint.baseUrl} unless told otherwise`, () => {
      expect(resolveEndpoint(subject.definition, parseOpenAICompatibleOptions(settings({ options: {} })))).toEqual(
        subject.endpoint,
      );
    });

    it('sends no key of its own unless one is configured, and then that one', async () => {
      const unkeyed = subject.module.createBackend(
        settings({ env: { OPENAI_API_KEY: 'sk-proj-not-for-this-server' } }),
      );
      expect((await collectParts(unkeyed.stream(question))).at(-1)?.type).toBe('finish');
      expect(server.requests[0]?.headers['authorization']).toBe('Bearer massgen-no-key');
      const configured = subject.module.createBackend(
        settings({ options: { base_url: server.url, api_key: 'proxy-token' } }),
      );
      await collectParts(configured.stream(question));
      expect(server.requests[1]?.headers['authorization']).toBe('Bearer proxy-token');
    });

    const keyVariable = subject.keyVariable;
    if (keyVariable !== undefined) {
      it(`sends ${keyVariable} to a server started with a key, and says so when it is missing`, async () => {
        const guarded = await createFakeOpenAIServer({ apiKey: 'server-secret' });
        try {
          const options = { base_url: guarded.url };
          const keyed = subject.module.createBackend(settings({ options, env: { [keyVariable]: 'server-secret' } }));
          expect((await collectParts(keyed.stream(question))).at(-1)?.type).toBe('finish');
          const unkeyed = await collectParts(subject.module.createBackend(settings({ options })).stream(question));
          expect(unkeyed.at(-1)).toMatchObject({ type: 'error', error: { code: 'BACKEND_AUTH', provider: type } });
        } finally {
          await guarded.close();
        }
      });
    }

    it('streams a tool call assembled from argument pieces', async () => {
      server.enqueue({
        type: 'tool-calls',
        calls: [{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }],
      });
      const parts = await collectParts(subject.module.createBackend(settings()).stream(question));
      expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
        { type: 'tool-call', id: 'call_0_0', name: 'get_weather', input: '{"city":"Paris","unit":"celsius"}' },
      ]);
      expect(parts.at(-1)).toMatchObject({ type: 'finish', reason: 'tool-calls' });
    });
  });
}
