import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@massgen/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MassGenConfig } from './config-model.js';
import { loadConfig } from './load-config.js';
import { listYamlFiles, upstreamConfigsDirectory } from './shared-corpus-location.js';

const present = fs.existsSync(upstreamConfigsDirectory);
const files = listYamlFiles(upstreamConfigsDirectory);
const title = present
  ? 'upstream MassGen 0.1.44 configurations'
  : `upstream MassGen configurations (skipped: ${upstreamConfigsDirectory} does not exist)`;

type Outcome = { file: string; config: MassGenConfig } | { file: string; error: unknown };

async function loadAll(): Promise<Outcome[]> {
  return Promise.all(
    files.map((file) =>
      loadConfig(path.join(upstreamConfigsDirectory, file), { cwd: upstreamConfigsDirectory, env: {} }).then(
        (config): Outcome => ({ file, config }),
        (error: unknown): Outcome => ({ file, error }),
      ),
    ),
  );
}

describe.skipIf(!present)(title, () => {
  let outcomes: Outcome[] = [];
  let loaded: MassGenConfig[] = [];
  beforeAll(async () => {
    outcomes = await loadAll();
    loaded = outcomes.flatMap((outcome) => ('config' in outcome ? [outcome.config] : []));
  });

  it('has all 248 files', () => {
    expect(files).toHaveLength(248);
  });

  it('loads every file except the rate-limit table, which fails with a clear ConfigError', () => {
    const failures = outcomes.filter((outcome) => 'error' in outcome);
    expect(failures.map((failure) => failure.file)).toEqual(['rate_limits/rate_limits.yaml']);
    const error = (failures[0] as { error: unknown }).error;
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      `Invalid configuration in ${path.join(upstreamConfigsDirectory, 'rate_limits/rate_limits.yaml')}: no agents (found "gemini"); expected "agents:" with a list of agents, or "agent:" with one agent`,
    );
  });

  it('knows every key the corpus uses: no unknown-key warnings, and every file reads as upstream', () => {
    const unknown = loaded.flatMap((config) => config.warnings.filter((warning) => warning.code === 'unknown-key'));
    expect(unknown).toEqual([]);
    const seedLooking = loaded
      .filter((config) => config.dialect === 'seed')
      .map((config) => path.relative(upstreamConfigsDirectory, config.file ?? ''));
    expect(seedLooking).toEqual([]);
  });

  it('names each unsupported feature it meets, at its key path', () => {
    for (const config of loaded) {
      for (const warning of config.warnings) {
        expect(warning.file).toBe(config.file);
        if (warning.code === 'unsupported-feature')
          expect(warning.message).toMatch(/^MassGen-TS does not support .+; this setting has no effect$/);
        if (warning.path !== undefined) expect(config.lines[warning.path]).toBeGreaterThan(0);
      }
    }
  });

  it("reads every MCP server's security block with no warning about it (@massgen/mcp checks it)", () => {
    const warnings = loaded.flatMap((config) =>
      config.warnings.filter((warning) => warning.path !== undefined && /\.security(\.|$)/.test(warning.path)),
    );
    expect(warnings).toEqual([]);
  });

  it('loads the AG2 examples with their type as written (the run says it has no package)', () => {
    const ag2 = loaded.filter((config) => config.file?.startsWith(path.join(upstreamConfigsDirectory, 'ag2')));
    expect(ag2).toHaveLength(7);
    for (const config of ag2) expect(config.agents.some((agent) => agent.backend.type === 'ag2')).toBe(true);
  });

  it('maps a representative file: timeouts, answer limits and unsupported coordination features', async () => {
    const config = await loadConfig(path.join(upstreamConfigsDirectory, 'basic/multi/three_agents_default.yaml'), {
      cwd: upstreamConfigsDirectory,
      env: {},
    });
    expect(config.dialect).toBe('upstream');
    expect(config.display.type).toBe('rich');
    expect(config.orchestrator).toMatchObject({
      timeoutMs: 1_800_000,
      roundTimeoutMs: 600_000,
      strategyKeys: { run: { max_new_answers_per_agent: 5, round_timeout_grace_seconds: 120 } },
    });
    expect(config.agents[1]?.backend).toMatchObject({
      sampling: { reasoningEffort: 'low' },
      options: { text: { verbosity: 'low' }, reasoning: { summary: 'auto' } },
    });
    expect(config.warnings.map((warning) => warning.path)).toEqual(
      expect.arrayContaining([
        'orchestrator.coordination.use_two_tier_workspace',
        'timeout_settings.subsequent_round_timeout_seconds',
      ]),
    );
    // The Gemini agent's web search is Google Search grounding now.
    expect(config.warnings.map((warning) => warning.path)).not.toContain('agents[0].backend.enable_web_search');
  });
});
