import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BackendSettings, Warning } from '@massgen/core';
import {
  commonOptionFields,
  readBackendOptions,
  readCommonOptions,
  requireModel,
  unreadKeys,
} from './backend-options.js';

const schema = z.object({
  ...commonOptionFields({ baseUrl: 'https://api.example.com/v1', defaultTimeoutSeconds: 600 }),
  top_k: z.number().optional(),
});

function settings(
  options: Record<string, unknown>,
  parsedOptions?: unknown,
): BackendSettings & { warnings: Warning[] } {
  const warnings: Warning[] = [];
  return {
    agentId: 'a',
    type: 'acme',
    model: 'm',
    options,
    ...(parsedOptions === undefined ? {} : { parsedOptions }),
    env: {},
    warn: (warning) => warnings.push(warning),
    warnings,
  };
}

describe('readBackendOptions', () => {
  it('parses, and warns once about each key the schema does not read', () => {
    const given = settings({ timeout_seconds: 5, tmperature: 1 });
    expect(readBackendOptions(schema, given, 'put request fields under extra_body')).toEqual({ timeout_seconds: 5 });
    expect(given.warnings).toEqual([
      {
        code: 'unknown-key',
        message: 'backend.tmperature is not a setting of the acme backend; put request fields under extra_body.',
        path: 'backend.tmperature',
        agentId: 'a',
      },
    ]);
  });

  it('names the key and the agent of an invalid value', () => {
    expect(() => readBackendOptions(schema, settings({ base_url: 'ftp://x' }))).toThrow(
      /backend\.base_url.*expected an http\(s\) URL such as https:\/\/api\.example\.com\/v1 \(agent a, backend type acme\)/,
    );
  });

  it('takes what the runtime parsed as it is, without parsing or warning again', () => {
    const given = settings({ timeout_seconds: 'not parsed again', other: 1 }, { timeout_seconds: 7 });
    expect(readBackendOptions(schema, given)).toEqual({ timeout_seconds: 7 });
    expect(given.warnings).toEqual([]);
  });
});

describe('readCommonOptions', () => {
  it('reads the timeout under either name, in milliseconds, with the maps never absent', () => {
    expect(readCommonOptions({ request_timeout: 2 }, 600)).toEqual({ timeoutMs: 2000, headers: {}, extraBody: {} });
    expect(readCommonOptions({ api_key: 'k', base_url: 'https://x', timeout_seconds: 1 }, 600)).toMatchObject({
      apiKey: 'k',
      baseUrl: 'https://x',
      timeoutMs: 1000,
    });
  });
});

describe('unreadKeys', () => {
  it('lists the written keys missing from the parsed value', () => {
    expect(unreadKeys({ a: 1, b: 2 }, { a: 1 })).toEqual(['b']);
    expect(unreadKeys({ a: 1 }, undefined)).toEqual(['a']);
  });
});

describe('requireModel', () => {
  it('gives the model, or a configuration error at backend.model that names the agent', () => {
    expect(requireModel(settings({}), 'expected a model')).toBe('m');
    expect(requireModel(settings({}), 'expected a model', 'default-model')).toBe('default-model');
    expect(() => requireModel(settings({}), 'expected the Acme model, such as acme-1', '')).toThrow(
      'backend.model: expected the Acme model, such as acme-1 (agent a)',
    );
  });
});
