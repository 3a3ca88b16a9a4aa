import { ConfigError, type BackendSettings, type Warning } from '@massgen/core';
import { backendSettings } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { optionsSchema, parseGeminiOptions } from './gemini-options.js';

function settings(options: Record<string, unknown>, warnings: Warning[] = []): BackendSettings {
  return backendSettings({
    type: 'gemini',
    model: 'gemini-2.5-flash',
    options,
    warn: (warning) => warnings.push(warning),
  });
}

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseGeminiOptions', () => {
  it('reads every known option', () => {
    expect(
      parseGeminiOptions(
        settings({
          api_key: 'k',
          base_url: 'http://127.0.0.1:9000',
          api_version: 'v1',
          timeout_seconds: 30,
          headers: { 'x-a': 'b' },
          extra_body: { safetySettings: [] },
          top_k: 40,
          stop: 'END',
          presence_penalty: 0.5,
          frequency_penalty: -0.5,
          thinking_budget: -1,
          include_thoughts: false,
          enable_web_search: true,
          enable_code_execution: true,
        }),
      ),
    ).toEqual({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9000',
      apiVersion: 'v1',
      timeoutMs: 30_000,
      headers: { 'x-a': 'b' },
      extraBody: { safetySettings: [] },
      topK: 40,
      stopSequences: ['END'],
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      thinkingBudget: -1,
      includeThoughts: false,
      builtInTools: { googleSearch: true, codeExecution: true },
    });
  });

  it('defaults to v1beta and 600 s, and accepts the upstream name request_timeout', () => {
    expect(parseGeminiOptions(settings({}))).toEqual({
      apiVersion: 'v1beta',
      timeoutMs: 600_000,
      headers: {},
      extraBody: {},
      builtInTools: { googleSearch: false, codeExecution: false },
    });
    expect(parseGeminiOptions(settings({ request_timeout: 45 })).timeoutMs).toBe(45_000);
    expect(parseGeminiOptions(settings({ stop: ['a', 'b'] })).stopSequences).toEqual(['a', 'b']);
  });

  it('takes a version off the end of base_url, with a warning, and uses it unless api_version is set', () => {
    const warnings: Warning[] = [];
    expect(parseGeminiOptions(settings({ base_url: 'https://proxy.example.com/gemini/v1/' }, warnings))).toMatchObject({
      baseUrl: 'https://proxy.example.com/gemini',
      apiVersion: 'v1',
    });
    expect(warnings).toEqual([expect.objectContaining({ code: 'base-url-version', path: 'backend.base_url' })]);
    expect(
      parseGeminiOptions(
        settings({ base_url: 'https://generativelanguage.googleapis.com/v1beta', api_version: 'v1alpha' }),
      ),
    ).toMatchObject({
      baseUrl: 'https://generativelanguage.googleapis.com',
      apiVersion: 'v1alpha',
    });
    expect(parseGeminiOptions(settings({ base_url: 'https://proxy.example.com/' })).baseUrl).toBe(
      'https://proxy.example.com',
    );
  });

  it('warns once per unknown key, naming it, and still succeeds', () => {
    const warnings: Warning[] = [];
    parseGeminiOptions(settings({ enable_code_interpreter: true, temprature: 0.2 }, warnings));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'unknown-key', path: 'backend.enable_code_interpreter', agentId: 'agent-a' }),
      expect.objectContaining({ code: 'unknown-key', path: 'backend.temprature', agentId: 'agent-a' }),
    ]);
    expect(warnings[0]?.message).toContain('extra_body');
  });

  it('rejects bad values with the key path and what was expected', () => {
    const error = configError(() =>
      parseGeminiOptions(settings({ timeout_seconds: -1, base_url: 'ftp://x', thinking_budget: -5, top_k: 1.5 })),
    );
    const paths = error.issues.map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'backend.timeout_seconds',
        'backend.base_url',
        'backend.thinking_budget',
        'backend.top_k',
      ]),
    );
    expect(error.issues.find((issue) => issue.path === 'backend.base_url')?.message).toContain(
      'expected an http(s) URL',
    );
    expect(error.issues[0]?.message).toContain('agent agent-a, backend type gemini');
  });

  it('is the schema the runtime validates with, and it lets other backends’ keys through', () => {
    expect(optionsSchema.safeParse({ permission_mode: 'plan' }).success).toBe(true);
    expect(optionsSchema.safeParse({ api_version: 'beta' }).success).toBe(false);
  });
});
