import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Warning } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { checkBackendOptions } from './backend-options.js';
import { createConfiguredBackends } from './configured-backend.js';

const runtimeDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = { cwd: runtimeDirectory, pluginConditions: ['@massgen/source'] };

function config(yaml: string) {
  return parseConfig(yaml, { baseDir: runtimeDirectory, env: {} });
}

describe('createConfiguredBackends', () => {
  it('creates every agent backend by its type, keyed by agent id', async () => {
    const backends = await createConfiguredBackends(
      config(
        'agents:\n  - id: a\n    backend: { type: chatcompletion, model: m1, base_url: "http://127.0.0.1:9/v1" }\n  - id: b\n    backend: { type: chatcompletion, model: m2, base_url: "http://127.0.0.1:9/v1" }\n',
      ),
      options,
    );
    expect(Object.keys(backends)).toEqual(['a', 'b']);
    expect(backends['b']).toMatchObject({ specificationVersion: 'v1', provider: 'chatcompletion', modelId: 'm2' });
  });

  it('reports invalid backend options at their key path, and a missing package by name', async () => {
    await expect(
      createConfiguredBackends(
        config('agent:\n  id: a\n  backend: { type: chatcompletion, model: m, timeout_seconds: soon }\n'),
        options,
      ),
    ).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('agent.backend.timeout_seconds'),
    });
    await expect(
      createConfiguredBackends(config('agent:\n  id: a\n  backend: { type: nosuchprovider, model: m }\n'), options),
    ).rejects.toMatchObject({ code: 'PLUGIN_NOT_FOUND' });
  });

  it('warns once about each key the backend does not read, as the agent, and hands on the parsed options', async () => {
    const warnings: Warning[] = [];
    const loaded = config(
      'agent:\n  id: a\n  backend: { type: chatcompletion, model: m, thinking: { type: disabled }, frobnicate: 1, timeout_seconds: 5 }\n',
    );
    await createConfiguredBackends(loaded, { ...options, warn: (warning) => warnings.push(warning) });
    // A key no backend knows was warned about by the loader; the runtime does not say it again.
    expect(loaded.warnings.map((warning) => warning.path)).toEqual(['agent.backend.frobnicate']);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'unknown-key',
        path: 'agent.backend.thinking',
        agentId: 'a',
        line: 3,
        message: 'not a setting of the chatcompletion backend, so it is ignored',
      }),
    ]);
  });

  it('gives the backend the options its schema parsed, so it parses and warns no more', () => {
    const loaded = config(
      'agent:\n  id: a\n  backend: { type: chatcompletion, model: m, timeout_seconds: 5, top_k: 4 }\n',
    );
    const module = {
      specificationVersion: 'v1' as const,
      // Any schema with safeParse will do; this one reads timeout_seconds and drops the rest, as zod objects do.
      optionsSchema: { safeParse: () => ({ success: true as const, data: { timeout_seconds: 5 } }) },
      createBackend: () => {
        throw new Error('not created here');
      },
    };
    expect(checkBackendOptions(loaded, 0, module)).toEqual({
      issues: [],
      warnings: [expect.objectContaining({ path: 'agent.backend.top_k' })],
      parsed: { timeout_seconds: 5 },
    });
  });
});
