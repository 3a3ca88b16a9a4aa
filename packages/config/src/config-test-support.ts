import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@massgen/core';
import type { MassGenConfig } from './config-model.js';
import { parseConfig } from './parse-config.js';

/**
 * Test helpers for parsing configuration text. The working directory does not exist, so no
 * stray `.env` on the test machine can leak into a test's environment.
 */
const absentDirectory = path.join(os.tmpdir(), `massgen-config-test-${randomUUID()}`);

export const testBaseDir = '/projects/demo';

export function parseYaml(text: string | string[], env: Record<string, string> = {}): MassGenConfig {
  return parseConfig(Array.isArray(text) ? `${text.join('\n')}\n` : text, {
    file: 'team.yaml',
    baseDir: testBaseDir,
    cwd: absentDirectory,
    env,
  });
}

export function parseFailure(text: string | string[], env: Record<string, string> = {}): ConfigError {
  try {
    parseYaml(text, env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
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
