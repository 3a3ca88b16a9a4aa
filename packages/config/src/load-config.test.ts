import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from '@massgen/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './load-config.js';

describe('loadConfig', () => {
  let directory: string;
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'massgen-load-'));
    fs.mkdirSync(path.join(directory, 'configs'));
    fs.writeFileSync(
      path.join(directory, 'configs', 'team.yaml'),
      [
        'agent:',
        '  id: a',
        '  backend:',
        '    type: claude_code',
        '    api_key: ${ANTHROPIC_API_KEY}',
        '    context_paths: [{path: ../docs}]',
        '',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(directory, '.env'), 'ANTHROPIC_API_KEY=from-dotenv\n');
  });
  afterEach(() => {
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('resolves the file against the working directory, and paths inside it are relative to the file', async () => {
    const config = await loadConfig('configs/team.yaml', { cwd: directory, env: {} });
    expect(config.file).toBe(path.join(directory, 'configs', 'team.yaml'));
    expect(config.baseDir).toBe(path.join(directory, 'configs'));
    expect(config.tools[0]?.agents[0]?.settings).toEqual({ context_paths: [{ path: '../docs' }] });
  });

  it('reads .env from the working directory, under the given environment', async () => {
    expect(
      (await loadConfig('configs/team.yaml', { cwd: directory, env: {} })).agents[0]?.backend.options.api_key,
    ).toBe('from-dotenv');
    expect(
      (await loadConfig('configs/team.yaml', { cwd: directory, env: { ANTHROPIC_API_KEY: 'from-shell' } })).agents[0]
        ?.backend.options.api_key,
    ).toBe('from-shell');
  });

  it('names the file in errors and in warnings', async () => {
    const file = path.join(directory, 'configs', 'bad.yaml');
    fs.writeFileSync(file, 'agent:\n  id: a\n  backend: {type: openai, temperature: hot, colour: red}\n');
    const error = await loadConfig(file, { env: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).file).toBe(file);
    expect((error as ConfigError).message).toBe(
      `Invalid configuration in ${file}: agent.backend.temperature (line 3): expected a number between 0 and 2, got "hot"`,
    );
  });

  it('reports a missing file as CONFIG_NOT_FOUND', async () => {
    const error = await loadConfig('nope.yaml', { cwd: directory }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe('CONFIG_NOT_FOUND');
    expect((error as ConfigError).file).toBe(path.join(directory, 'nope.yaml'));
  });
});
