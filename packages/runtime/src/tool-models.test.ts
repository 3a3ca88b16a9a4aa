import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Backend } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { collectParts, createScriptedBackend } from '@massgen/testing';
import { PluginLoader } from './plugin-loader.js';
import { createToolModels } from './tool-models.js';

const runtimeDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const loader = new PluginLoader({ searchPaths: [runtimeDirectory], conditions: ['@massgen/source'] });

const config = parseConfig(
  'agents:\n  - id: a\n    backend: { type: chatcompletion, model: agent-model, base_url: "http://127.0.0.1:9/v1", api_key: own-key }\n  - id: b\n    backend: { type: chatcompletion, model: other }\n',
  { baseDir: runtimeDirectory, env: {} },
);

describe('createToolModels', () => {
  it("opens the agent's own backend, with another model when asked, once per choice", async () => {
    const models = createToolModels(loader, config, { warn: () => undefined, spent: () => undefined });
    const own = await models.open('a');
    expect(own).toMatchObject({ provider: 'chatcompletion', modelId: 'agent-model' });
    expect(await models.open('a')).toBe(own);
    const vision = await models.open('a', { model: 'vision-model' });
    expect(vision).toMatchObject({ provider: 'chatcompletion', modelId: 'vision-model' });
    expect(await models.open('a', { type: 'chatcompletion', model: 'vision-model' })).not.toBe(own);
  });

  it('uses the backend the run was given for the agent when nothing else is asked, and reports what each call spent', async () => {
    const given: Backend = createScriptedBackend({
      modelId: 'scripted',
      turns: [
        [
          { type: 'text-delta', text: 'A cat.' },
          { type: 'usage', usage: { inputTokens: 1200, outputTokens: 30 } },
          { type: 'finish', reason: 'stop' },
        ],
      ],
    });
    const spent: unknown[] = [];
    const models = createToolModels(loader, config, {
      warn: () => undefined,
      spent: (agentId, usage, modelId) => spent.push({ agentId, usage, modelId }),
      backends: { a: given },
    });
    const tool = await models.open('a');
    expect(await models.open('a')).toBe(tool);
    expect(tool).toMatchObject({ provider: given.provider, modelId: 'scripted' });
    const parts = await collectParts(tool.stream({ messages: [{ role: 'user', content: 'What is in the picture?' }] }));
    expect(parts).toContainEqual({ type: 'text-delta', text: 'A cat.' });
    expect(spent).toEqual([{ agentId: 'a', usage: { inputTokens: 1200, outputTokens: 30 }, modelId: 'scripted' }]);
    expect((await models.open('a', { model: 'm2' })).modelId).toBe('m2');
  });

  it("opens another type with only the options written for it, checked by that backend's schema", async () => {
    const models = createToolModels(loader, config, { warn: () => undefined, spent: () => undefined });
    await expect(
      models.open('a', { type: 'chatcompletion', model: 'm', options: { timeout_seconds: 'soon' } }),
    ).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('timeout_seconds'),
    });
    // What the backend itself refuses (no model) is said as the tool's choice, not as the agent's backend.
    await expect(models.open('a', { model: '' })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('(in the chatcompletion model a tool of agent "a" asked for)'),
    });
    await expect(models.open('a', { type: 'nosuchprovider' })).rejects.toMatchObject({ code: 'PLUGIN_NOT_FOUND' });
    await expect(models.open('nobody')).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});
