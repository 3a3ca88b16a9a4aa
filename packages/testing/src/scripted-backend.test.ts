import type { BackendRequest, BackendSettings } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { createScriptedBackendModule } from './scripted-backend-module.js';
import { createScriptedBackend } from './scripted-backend.js';
import { hang, notify, textTurn } from './scripted-agent-builders.js';
import { createDeferred } from './scripted-backend-deferred.js';
import { collectParts } from './stream-parts.js';

const request: BackendRequest = { messages: [{ role: 'user', content: 'hi' }] };

describe('createScriptedBackend', () => {
  it('is a v1 backend that plays its streams in order and records requests', async () => {
    const backend = createScriptedBackend({
      provider: 'openai',
      modelId: 'gpt-test',
      turns: [textTurn('one'), [{ type: 'usage', usage: { inputTokens: 3 } }, ...textTurn('two')]],
    });
    expect(backend).toMatchObject({ specificationVersion: 'v1', provider: 'openai', modelId: 'gpt-test' });
    expect(await collectParts(backend.stream(request))).toEqual([
      { type: 'text-delta', text: 'one' },
      { type: 'finish', reason: 'stop' },
    ]);
    const second = await collectParts(backend.stream({ ...request, toolChoice: 'none' }));
    expect(second.map((part) => part.type)).toEqual(['usage', 'text-delta', 'finish']);
    expect(backend.requests.map((each) => each.toolChoice)).toEqual([undefined, 'none']);
  });

  it('honours the abort signal of a hanging stream', async () => {
    const controller = new AbortController();
    const reached = createDeferred();
    const backend = createScriptedBackend({ turns: [[notify(() => reached.resolve()), hang()]] });
    const reading = collectParts(backend.stream(request, { signal: controller.signal }));
    await reached.promise;
    controller.abort();
    expect(await reading).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'ABORTED' }) }]);
    expect(backend.abortedTurns).toEqual([0]);
  });
});

describe('createScriptedBackendModule', () => {
  it('creates one scripted backend per agent from the settings the runtime passes', async () => {
    const module = createScriptedBackendModule((settings) => ({ turns: [textTurn(`I am ${settings.agentId}`)] }));
    const settings: BackendSettings = {
      agentId: 'a2',
      type: 'scripted',
      model: 'm1',
      options: {},
      env: {},
      warn: () => undefined,
    };
    const backend = module.createBackend(settings);
    expect(module.specificationVersion).toBe('v1');
    expect(backend).toMatchObject({ provider: 'scripted', modelId: 'm1' });
    expect(module.backends.get('a2')).toBe(backend);
    expect(await collectParts(backend.stream(request))).toContainEqual({ type: 'text-delta', text: 'I am a2' });
  });
});
