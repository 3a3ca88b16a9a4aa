import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { thrownConfigError } from './config-test-support.js';
import { createLocalDefaultConfig, createQuickConfig } from './quick-config.js';

describe('createQuickConfig', () => {
  const scratch = useTemporaryDirectory('quick');

  it('builds one agent named after the model, with the backend inferred from the model', () => {
    const config = createQuickConfig({ model: 'gpt-5-nano', cwd: scratch.path, env: {} });
    expect(config).toEqual({
      baseDir: scratch.path,
      dialect: 'seed',
      singleAgent: true,
      agents: [
        {
          id: 'gpt-5-nano',
          backend: { type: 'openai', model: 'gpt-5-nano', sampling: {}, options: {} },
        },
      ],
      strategy: 'vote',
      orchestrator: {
        workflow: 'parallel',
        maxRounds: 10,
        timeoutMs: 1_800_000,
        maxTurnAttempts: 3,
        budget: {},
      },
      tools: [],
      display: { type: 'textual', liveTimeline: true, showAgentCards: true },
      warnings: [],
      lines: {},
      env: {},
    });
  });

  it('uses an explicit backend, base URL, key and system message', () => {
    const config = createQuickConfig({
      model: 'Qwen2.5-7B-Instruct',
      backend: 'lmstudio',
      baseUrl: 'http://localhost:1234/v1',
      apiKey: 'not-needed',
      systemMessage: 'Be brief.',
      cwd: scratch.path,
      env: {},
    });
    expect(config.agents[0]).toEqual({
      id: 'Qwen2.5-7B-Instruct',
      systemMessage: 'Be brief.',
      backend: {
        type: 'lmstudio',
        model: 'Qwen2.5-7B-Instruct',
        sampling: {},
        options: { base_url: 'http://localhost:1234/v1', api_key: 'not-needed' },
      },
    });
  });

  it('numbers several agents on the same model', () => {
    const config = createQuickConfig({ model: 'claude-sonnet-4-5-20250929', agents: 3, cwd: scratch.path, env: {} });
    expect(config.singleAgent).toBe(false);
    expect(config.agents.map((agent) => [agent.id, agent.backend.type])).toEqual([
      ['claude-sonnet-4-5-20250929-1', 'claude'],
      ['claude-sonnet-4-5-20250929-2', 'claude'],
      ['claude-sonnet-4-5-20250929-3', 'claude'],
    ]);
  });

  it('derives a safe id from a model path', () => {
    expect(
      createQuickConfig({ model: './models/tiny.Q4_K_M.gguf', cwd: scratch.path, env: {} }).agents[0],
    ).toMatchObject({
      id: 'tiny.Q4_K_M',
      backend: { type: 'local', model: './models/tiny.Q4_K_M.gguf' },
    });
    expect(createQuickConfig({ model: 'openai/gpt-oss-120b', cwd: scratch.path, env: {} }).agents[0]?.id).toBe(
      'openai-gpt-oss-120b',
    );
  });

  it('reads .env from the working directory', () => {
    fs.writeFileSync(path.join(scratch.path, '.env'), 'OPENAI_API_KEY=from-dotenv\n');
    expect(createQuickConfig({ model: 'gpt-5', cwd: scratch.path, env: {} }).env).toEqual({
      OPENAI_API_KEY: 'from-dotenv',
    });
  });

  it('rejects a missing model, a bad agent count and a malformed backend type together', () => {
    const error = thrownConfigError(() =>
      createQuickConfig({ model: '  ', agents: 0, backend: 'Open AI', cwd: scratch.path, env: {} }),
    );
    expect(error.issues.map((issue) => issue.path)).toEqual(['model', 'agents', 'backend']);
    expect(error.message).toContain('model: missing; expected a model name such as "gpt-5-nano"');
  });
});

describe('createLocalDefaultConfig', () => {
  it('builds a small team on the default local model when no provider key is set', () => {
    const config = createLocalDefaultConfig({ cwd: '/nowhere-massgen', env: { PATH: '/bin' } });
    expect(config?.agents.map((agent) => [agent.id, agent.backend.type, agent.backend.model])).toEqual([
      ['local-1', 'local', 'local'],
      ['local-2', 'local', 'local'],
    ]);
  });

  it('steps aside when a provider key is set, so a hosted model is chosen on purpose', () => {
    expect(
      createLocalDefaultConfig({ cwd: '/nowhere-massgen', env: { ANTHROPIC_API_KEY: 'sk-ant-x' } }),
    ).toBeUndefined();
  });
});
