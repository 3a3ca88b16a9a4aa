import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Warning } from '@massgen/core';
import { parseConfig } from '@massgen/config';
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

  it('passes the backend warnings on as the agent warnings', async () => {
    const warnings: Warning[] = [];
    await createConfiguredBackends(
      config('agent:\n  id: a\n  backend: { type: chatcompletion, model: m, frobnicate: 1 }\n'),
      { ...options, warn: (warning) => warnings.push(warning) },
    );
    expect(warnings.some((warning) => warning.agentId === 'a')).toBe(true);
  });
});
