import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@massgen/core';
import type { MassGenError, Warning } from '@massgen/core';
import { thrownMassGenError } from '@massgen/testing';
import { expect } from 'vitest';
import type { MassGenConfig } from './config-model.js';
import { parseConfig } from './parse-config.js';

/**
 * Test helpers for parsing configuration text. The working directory does not exist, so no
 * stray `.env` on the test machine can leak into a test's environment.
 */
const absentDirectory = path.join(os.tmpdir(), `massgen-config-test-${randomUUID()}`);

export const testBaseDir = '/projects/demo';

/** One openai agent `a`, as the first lines of a configuration that a test adds its blocks to. */
export const oneAgentLines = ['agent:', '  id: a', '  backend: {type: openai}'];

export function parseYaml(text: string | string[], env: Record<string, string> = {}): MassGenConfig {
  return parseConfig(Array.isArray(text) ? `${text.join('\n')}\n` : text, {
    file: 'team.yaml',
    baseDir: testBaseDir,
    cwd: absentDirectory,
    env,
  });
}

/** Parses like parseYaml and expects no warning: every key is read as written. */
export function parseCleanly(text: string | string[], env: Record<string, string> = {}): MassGenConfig {
  const config = parseYaml(text, env);
  expect(config.warnings).toEqual([]);
  return config;
}

/** Expects the configuration's warnings to be these, in order, each given by the fields the test names. */
export function expectWarnings(config: MassGenConfig, ...warnings: Array<Partial<Warning>>): void {
  expect(config.warnings).toEqual(warnings.map((warning): unknown => expect.objectContaining(warning)));
}

export function parseFailure(text: string | string[], env: Record<string, string> = {}): ConfigError {
  return thrownConfigError(() => parseYaml(text, env));
}

/** The ConfigError `run` throws; the test fails when it returns, and rethrows any other error. */
export function thrownConfigError(run: () => unknown): ConfigError {
  return asConfigError(thrownMassGenError(run));
}

/** `error` when it is a ConfigError; rethrown otherwise, failing the test. */
export function asConfigError(error: MassGenError): ConfigError {
  if (error instanceof ConfigError) return error;
  throw error;
}

/** A tool package's settings as the configuration gives them: the run-wide part and each agent's, by agent id. */
export function toolSettingsOf(
  config: MassGenConfig,
  name: string,
): { run?: Record<string, unknown>; agents: Record<string, Record<string, unknown>> } | undefined {
  const entry = config.tools.find((candidate) => candidate.name === name);
  if (entry === undefined) return undefined;
  return {
    ...(entry.run === undefined ? {} : { run: entry.run.settings }),
    agents: Object.fromEntries(entry.agents.map((agent) => [agent.agentId, agent.settings])),
  };
}
