import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@massgen/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { loadConfig } from './load-config.js';

describe('loadConfig', () => {
  const scratch = useTemporaryDirectory('load');
  beforeEach(() => {
    fs.mkdirSync(path.join(scratch.path, 'configs'));
    fs.writeFileSync(
      path.join(scratch.path, 'configs', 'team.yaml'),
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
    fs.writeFileSync(path.join(scratch.path, '.env'), 'ANTHROPIC_API_KEY=from-dotenv\n');
  });

  it('resolves the file against the working directory, and paths inside it are relative to the file', async () => {
    const config = await loadConfig('configs/team.yaml', { cwd: scratch.path, env: {} });
    expect(config.file).toBe(path.join(scratch.path, 'configs', 'team.yaml'));
    expect(config.baseDir).toBe(path.join(scratch.path, 'configs'));
    expect(config.tools[0]?.agents[0]?.settings).toEqual({ context_paths: [{ path: '../docs' }] });
  });

  it('reads .env from the working directory, under the given environment', async () => {
    expect(
      (await loadConfig('configs/team.yaml', { cwd: scratch.path, env: {} })).agents[0]?.backend.options.api_key,
    ).toBe('from-dotenv');
    expect(
      (await loadConfig('configs/team.yaml', { cwd: scratch.path, env: { ANTHROPIC_API_KEY: 'from-shell' } })).agents[0]
        ?.backend.options.api_key,
    ).toBe('from-shell');
  });

  it('names the file in errors and in warnings', async () => {
    const file = path.join(scratch.path, 'configs', 'bad.yaml');
    fs.writeFileSync(file, 'agent:\n  id: a\n  backend: {type: openai, temperature: hot, colour: red}\n');
    const error = await loadConfig(file, { env: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).file).toBe(file);
    expect((error as ConfigError).message).toBe(
      `Invalid configuration in ${file}: agent.backend.temperature (line 3): expected a number between 0 and 2, got "hot"`,
    );
  });

  it('reports a missing file as CONFIG_NOT_FOUND', async () => {
    const error = await loadConfig('nope.yaml', { cwd: scratch.path }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe('CONFIG_NOT_FOUND');
    expect((error as ConfigError).file).toBe(path.join(scratch.path, 'nope.yaml'));
  });
});
