import { ConfigError, type Warning } from '@massgen/core';
import { optionsSettings } from '@massgen/testing';
import { commonOptionReadings, describeBackendOptions } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { optionsSchema, parseGeminiOptions } from './gemini-options.js';

const gemini = { type: 'gemini', model: 'gemini-2.5-flash' } as const;

function parse(options: Record<string, unknown>, warnings?: Warning[]) {
  return parseGeminiOptions(optionsSettings(gemini, options, warnings));
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

describeBackendOptions(gemini, parseGeminiOptions, optionsSchema, {
  readings: [
    ...commonOptionReadings('http://127.0.0.1:9000'),
    [{ api_version: 'v1' }, { apiVersion: 'v1' }],
    [
      { top_k: 40, stop: 'END' },
      { topK: 40, stopSequences: ['END'] },
    ],
    [
      { presence_penalty: 0.5, frequency_penalty: -0.5 },
      { presencePenalty: 0.5, frequencyPenalty: -0.5 },
    ],
    [
      { thinking_budget: -1, include_thoughts: false },
      { thinkingBudget: -1, includeThoughts: false },
    ],
    [
      { enable_web_search: true, enable_code_execution: true },
      { builtInTools: { googleSearch: true, codeExecution: true } },
    ],
  ],
  defaults: {
    apiVersion: 'v1beta',
    timeoutMs: 600_000,
    headers: {},
    extraBody: {},
    builtInTools: { googleSearch: false, codeExecution: false },
  },
  unknownKeys: { options: { enable_code_interpreter: true, temprature: 0.2 }, hint: 'extra_body' },
  rejections: [
    [{ timeout_seconds: -1 }, 'backend.timeout_seconds: expected a positive number of seconds'],
    [{ base_url: 'ftp://x' }, 'backend.base_url: expected an http(s) URL'],
  ],
  validates: { accepts: { permission_mode: 'plan' }, refuses: { api_version: 'beta' } },
});

describe('the options of the gemini backend, beyond the common contract', () => {
  it('takes stop as one sequence or a list', () => {
    expect(parse({ stop: ['a', 'b'] }).stopSequences).toEqual(['a', 'b']);
  });

  it('takes a version off the end of base_url, with a warning, and uses it unless api_version is set', () => {
    const warnings: Warning[] = [];
    expect(parse({ base_url: 'https://proxy.example.com/gemini/v1/' }, warnings)).toMatchObject({
      baseUrl: 'https://proxy.example.com/gemini',
      apiVersion: 'v1',
    });
    expect(warnings).toEqual([expect.objectContaining({ code: 'base-url-version', path: 'backend.base_url' })]);
    expect(
      parse({ base_url: 'https://generativelanguage.googleapis.com/v1beta', api_version: 'v1alpha' }),
    ).toMatchObject({
      baseUrl: 'https://generativelanguage.googleapis.com',
      apiVersion: 'v1alpha',
    });
    expect(parse({ base_url: 'https://proxy.example.com/' }).baseUrl).toBe('https://proxy.example.com');
  });

  it('reports every bad value at once, each with its key path and what was expected', () => {
    const error = configError(() =>
      parse({ timeout_seconds: -1, base_url: 'ftp://x', thinking_budget: -5, top_k: 1.5 }),
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
});
