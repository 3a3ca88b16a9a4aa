import { describe, expect, it } from 'vitest';
import { expectWarnings, oneAgentLines, parseCleanly, parseYaml, toolSettingsOf } from './config-test-support.js';

describe('orchestrator mapping', () => {
  it('applies the documented defaults when there is no orchestrator block', () => {
    const config = parseYaml(oneAgentLines);
    expect(config.orchestrator).toEqual({
      workflow: 'parallel',
      maxRounds: 10,
      timeoutMs: 1_800_000,
      maxTurnAttempts: 3,
      budget: {},
      strategyKeys: { run: {}, agents: {} },
    });
    expect(config.strategy).toBe('vote');
    expect(config.tools).toEqual([]);
  });

  it('maps the shared keys and hands every other orchestrator key to the strategy as written', () => {
    // The strategy's schema checks its keys and warns about those it does not read, not the loader.
    const config = parseCleanly([
      ...oneAgentLines,
      'orchestrator:',
      '  max_rounds: 5',
      '  convergence_threshold: 0.7',
      '  voting_method: weighted_by_confidence',
      '  topology: {type: ring, neighbors: 0}',
      '  max_turn_attempts: 5',
      '  skip_final_presentation: true',
      '  fixture_depth: deep',
      '  max_new_answers_per_agent: null',
      '  budget: {max_tokens_total: 200000, max_cost_usd: 1.5}',
    ]);
    expect(config.orchestrator).toEqual({
      workflow: 'parallel',
      maxRounds: 5,
      maxTurnAttempts: 5,
      timeoutMs: 1_800_000,
      budget: { maxTokensTotal: 200000, maxCostUsd: 1.5 },
      strategyKeys: {
        run: {
          convergence_threshold: 0.7,
          voting_method: 'weighted_by_confidence',
          topology: { type: 'ring', neighbors: 0 },
          skip_final_presentation: true,
          fixture_depth: 'deep',
        },
        agents: {},
      },
    });
  });

  it("hands an agent's voting_sensitivity and upstream's strategy timeouts to the strategy, with where they are", () => {
    const config = parseCleanly([
      'agents:',
      '  - id: a',
      '    backend: {type: openai}',
      '    voting_sensitivity: strict',
      '  - id: b',
      '    backend: {type: openai}',
      'orchestrator:',
      '  voting_sensitivity: lenient',
      'timeout_settings:',
      '  orchestrator_timeout_seconds: 1800',
      '  initial_round_timeout_seconds: 600',
      '  round_timeout_grace_seconds: 0.5',
      '  straggler_timeout_seconds: 0',
    ]);
    expect(config.orchestrator).toMatchObject({
      timeoutMs: 1_800_000,
      roundTimeoutMs: 600_000,
      strategyKeys: {
        run: { voting_sensitivity: 'lenient', round_timeout_grace_seconds: 0.5, straggler_timeout_seconds: 0 },
        agents: { a: { voting_sensitivity: 'strict' } },
      },
    });
    expect(config.strategyKeySegments).toEqual({
      round_timeout_grace_seconds: ['timeout_settings', 'round_timeout_grace_seconds'],
      straggler_timeout_seconds: ['timeout_settings', 'straggler_timeout_seconds'],
    });
  });

  it('uses the first-round timeout for every round, warning when later rounds asked for another', () => {
    const config = parseYaml([
      ...oneAgentLines,
      'timeout_settings:',
      '  initial_round_timeout_seconds: 600',
      '  subsequent_round_timeout_seconds: 300',
    ]);
    expect(config.orchestrator.roundTimeoutMs).toBe(600_000);
    expectWarnings(config, {
      code: 'approximated-setting',
      path: 'timeout_settings.subsequent_round_timeout_seconds',
      message: expect.stringContaining('uses 600 seconds for every round'),
    });
  });

  it('uses the later-round timeout when it is the only one given', () => {
    const config = parseYaml([...oneAgentLines, 'timeout_settings:', '  subsequent_round_timeout_seconds: 300']);
    expect(config.orchestrator.roundTimeoutMs).toBe(300_000);
  });

  it('picks the sequential strategy for workflow: sequential', () => {
    const config = parseYaml([...oneAgentLines, 'orchestrator:', '  workflow: sequential']);
    expect(config.orchestrator.workflow).toBe('sequential');
    expect(config.strategy).toBe('sequential');
  });

  it('lets an explicit strategy override the workflow default', () => {
    expect(parseYaml([...oneAgentLines, 'orchestrator:', '  strategy: "@acme/tournament"']).strategy).toBe(
      '@acme/tournament',
    );
    expect(parseYaml([...oneAgentLines, 'orchestrator:', '  workflow: sequential', '  strategy: vote']).strategy).toBe(
      'vote',
    );
  });

  it('hands the workspace roots and shared context paths to the workspace package as written', () => {
    const config = parseYaml([
      ...oneAgentLines,
      'orchestrator:',
      '  snapshot_storage: ./massgen_snapshots',
      '  agent_temporary_workspace: /var/tmp/workspaces',
      '  context_paths:',
      '    - {path: data, permission: write, protected_paths: [keep.txt]}',
    ]);
    expect(toolSettingsOf(config, 'workspace')?.run).toEqual({
      snapshot_storage: './massgen_snapshots',
      agent_temporary_workspace: '/var/tmp/workspaces',
      context_paths: [{ path: 'data', permission: 'write', protected_paths: ['keep.txt'] }],
    });
  });
});
