import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BackendSettings, Warning } from '@massgen/core';
import {
  commonOptionFields,
  flagOption,
  positiveWholeNumberOption,
  readBackendOptions,
  readCommonOptions,
  readTimeoutMs,
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

describe('readTimeoutMs', () => {
  it('prefers timeout_seconds, then request_timeout, then the default, in milliseconds', () => {
    expect(readTimeoutMs({ timeout_seconds: 3, request_timeout: 2 }, 600)).toBe(3000);
    expect(readTimeoutMs({ request_timeout: 2 }, 600)).toBe(2000);
    expect(readTimeoutMs({}, 600)).toBe(600_000);
  });
});

describe('flagOption and positiveWholeNumberOption', () => {
  it('take true or false, or nothing, and keep the description', () => {
    const flag = flagOption('Turn it on.');
    expect(flag.parse(true)).toBe(true);
    expect(flag.parse(undefined)).toBeUndefined();
    expect(flag.unwrap().description).toBe('Turn it on.');
    expect(flag.safeParse('yes').error?.issues[0]?.message).toBe('expected true or false');
  });

  it('take whole numbers above zero only', () => {
    expect(positiveWholeNumberOption.parse(3)).toBe(3);
    for (const value of [0, 2.5, '3']) {
      expect(positiveWholeNumberOption.safeParse(value).error?.issues[0]?.message).toBe(
        'expected a positive whole number',
      );
    }
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
