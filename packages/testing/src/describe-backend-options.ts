import { ConfigError, type BackendSettings, type Warning } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { optionsSettings } from './backend-settings.js';

/** Options as written in a backend block, beside what the backend's parser reads them as. */
export type OptionReading = readonly [written: Record<string, unknown>, read: Record<string, unknown>];

/**
 * The options every HTTP backend takes from `commonOptionFields` of `@massgen/backend-utils`, beside
 * their reading, for {@link BackendOptionsExpectations.readings}. `baseUrl` is a base URL to write,
 * `readAs` what the backend makes of it.
 */
export function commonOptionReadings(baseUrl: string, readAs = baseUrl): OptionReading[] {
  return [
    [{ api_key: 'k' }, { apiKey: 'k' }],
    [{ base_url: baseUrl }, { baseUrl: readAs }],
    [{ timeout_seconds: 30 }, { timeoutMs: 30_000 }],
    [{ headers: { 'x-a': 'b' } }, { headers: { 'x-a': 'b' } }],
    [{ extra_body: { metadata: { user_id: 'u' } } }, { extraBody: { metadata: { user_id: 'u' } } }],
  ];
}

/** What {@link describeBackendOptions} expects of a backend's options parser and schema. */
export interface BackendOptionsExpectations {
  /** Every option the backend knows: written all together, they must read as exactly these readings merged. */
  readings: readonly OptionReading[];
  /** What no options read as. */
  defaults: object;
  /** Options the backend does not read, each key to be warned about; `hint` is the advice every such warning gives. */
  unknownKeys: { options: Record<string, unknown>; hint: string };
  /** Options with a wrong value, each beside words of the configuration error it must cause. */
  rejections: readonly (readonly [options: Record<string, unknown>, says: string])[];
  /** Options the schema accepts, with a key of another backend among them, and options it refuses. */
  validates: { accepts: Record<string, unknown>; refuses: Record<string, unknown> };
}

/**
 * The tests every backend's options parser owes its users: it reads each option it knows, has
 * defaults, takes upstream's `request_timeout`, warns about keys it does not know instead of
 * failing, names the key, the agent and what was expected when a value is wrong, and validates
 * through `schema` (what `massgen --validate` checks) without creating a backend. `settings` are
 * what the options come with: the backend type, and the agent and model where they matter.
 */
export function describeBackendOptions(
  settings: Partial<BackendSettings> & Pick<BackendSettings, 'type'>,
  parse: (settings: BackendSettings) => { timeoutMs: number },
  schema: { safeParse(options: unknown): { success: boolean } },
  expected: BackendOptionsExpectations,
): void {
  const read = (options: Record<string, unknown>, warnings?: Warning[]) =>
    parse(optionsSettings(settings, options, warnings));
  const agentId = optionsSettings(settings, {}).agentId;

  describe(`the options of the ${settings.type} backend`, () => {
    it('reads every option it knows', () => {
      const written = merged(expected.readings.map(([options]) => options));
      expect(read(written)).toEqual(merged(expected.readings.map(([, parsed]) => parsed)));
    });

    it('has defaults, and takes upstream’s request_timeout unless timeout_seconds is set', () => {
      expect(read({})).toEqual(expected.defaults);
      expect(read({ request_timeout: 45 }).timeoutMs).toBe(45_000);
      expect(read({ request_timeout: 45, timeout_seconds: 10 }).timeoutMs).toBe(10_000);
    });

    it('warns once per unknown key, naming it and the agent, and still succeeds', () => {
      const warnings: Warning[] = [];
      read(expected.unknownKeys.options, warnings);
      expect(warnings).toEqual(
        Object.keys(expected.unknownKeys.options).map((key): unknown =>
          expect.objectContaining({ code: 'unknown-key', path: `backend.${key}`, agentId }),
        ),
      );
      for (const warning of warnings) expect(warning.message).toContain(expected.unknownKeys.hint);
    });

    it.each(expected.rejections)(
      'rejects %j with a configuration error naming the key, the agent and what was expected',
      (options, says) => {
        const run = (): unknown => read(options);
        expect(run).toThrow(ConfigError);
        expect(run).toThrow(says);
        expect(run).toThrow(`agent ${agentId}`);
      },
    );

    it('validates through its schema for massgen --validate, without creating a backend', () => {
      expect(schema.safeParse(expected.validates.accepts).success).toBe(true);
      expect(schema.safeParse(expected.validates.refuses).success).toBe(false);
    });
  });
}

function merged(records: readonly Record<string, unknown>[]): Record<string, unknown> {
  return records.reduce((all, record) => ({ ...all, ...record }), {});
}
