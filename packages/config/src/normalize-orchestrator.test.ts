import { describe, expect, it } from 'vitest';
import { parseFailure, parseYaml, toolSettingsOf } from './config-test-support.js';

const agentLines = ['agent:', '  id: a', '  backend: {type: openai}'];

describe('orchestrator mapping', () => {
  it('reads a topology by its name alone with its defaults, or as a mapping with its parameter', () => {
    const topology = (value: string) =>
      parseYaml([...agentLines, 'orchestrator:', `  topology: ${value}`]).orchestrator.topology;
    expect(topology('full')).toEqual({ type: 'full' });
    expect(topology('ring')).toEqual({ type: 'ring', neighbors: 2 });
    expect(topology('top_k')).toEqual({ type: 'top_k', k: 3 });
    expect(topology('{type: ring, neighbors: 4}')).toEqual({ type: 'ring', neighbors: 4 });
    expect(topology('{type: top_k, k: 5}')).toEqual({ type: 'top_k', k: 5 });
    expect(topology('islands')).toEqual({ type: 'islands', size: 4 });
    expect(topology('{type: islands, size: 8}')).toEqual({ type: 'islands', size: 8 });
    expect(topology('tournament')).toEqual({ type: 'tournament', size: 2 });
    expect(topology('{type: tournament, size: 3}')).toEqual({ type: 'tournament', size: 3 });
    expect(parseYaml(agentLines).orchestrator.topology).toBeUndefined();
  });

  it('rejects an unknown topology and a bad parameter at their key paths', () => {
    const issues = (value: string) =>
      parseFailure([...agentLines, 'orchestrator:', `  topology: ${value}`].join('\n')).issues.map((issue) => ({
        path: issue.path,
        message: issue.message,
      }));
    expect(issues('star')).toEqual([
      {
        path: 'orchestrator.topology',
        message:
          'expected "full", "ring", "top_k", "islands" or "tournament", or a mapping such as {type: ring, neighbors: 3}, got "star"',
      },
    ]);
    expect(issues('{type: ring, neighbors: 0}')).toEqual([
      { path: 'orchestrator.topology.neighbors', message: expect.stringContaining('got 0') },
    ]);
    expect(issues('{type: ring, k: 2}')).toEqual([{ path: 'orchestrator.topology.k', message: 'only top_k takes k' }]);
    expect(issues('{type: ring, size: 2}')).toEqual([
      { path: 'orchestrator.topology.size', message: 'only islands and tournament take size' },
    ]);
    expect(issues('{type: tournament, size: 1}')).toEqual([
      { path: 'orchestrator.topology.size', message: 'expected at least 2 agents per tournament match, got 1' },
    ]);
    expect(issues('{type: star}')).toEqual([
      {
        path: 'orchestrator.topology.type',
        message: 'expected one of "full", "ring", "top_k", "islands", "tournament", got "star"',
      },
    ]);
  });

  it('applies the documented defaults when there is no orchestrator block', () => {
    const config = parseYaml(agentLines);
    expect(config.orchestrator).toEqual({
      workflow: 'parallel',
      maxRounds: 10,
      timeoutMs: 1_800_000,
      votingMethod: 'majority',
      enableRestarts: true,
      maxTurnAttempts: 3,
      skipFinalPresentation: false,
      budget: {},
    });
    expect(config.strategy).toBe('vote');
    expect(config.tools).toEqual([]);
  });

  it('maps every seed orchestrator key', () => {
    const config = parseYaml([
      ...agentLines,
      'orchestrator:',
      '  max_rounds: 5',
      '  convergence_threshold: 0.7',
      '  voting_method: weighted_by_confidence',
      '  enable_restarts: false',
      '  restart_after_stagnation: 2',
      '  max_turn_attempts: 5',
      '  skip_final_presentation: true',
      '  budget: {max_tokens_total: 200000, max_cost_usd: 1.5}',
    ]);
    expect(config.orchestrator).toEqual({
      workflow: 'parallel',
      maxRounds: 5,
      convergenceThreshold: 0.7,
      votingMethod: 'weighted_by_confidence',
      enableRestarts: false,
      restartAfterStagnation: 2,
      maxTurnAttempts: 5,
      skipFinalPresentation: true,
      finalAnswerStrategy: 'winner_reuse',
      timeoutMs: 1_800_000,
      budget: { maxTokensTotal: 200000, maxCostUsd: 1.5 },
    });
  });

  it('maps voting_sensitivity, per agent too, and final_answer_strategy (upstream configurations use them)', () => {
    const config = parseYaml([
      'agents:',
      '  - id: a',
      '    backend: {type: openai}',
      '    voting_sensitivity: strict',
      '  - id: b',
      '    backend: {type: openai}',
      'orchestrator:',
      '  voting_sensitivity: lenient',
      '  final_answer_strategy: synthesize',
    ]);
    expect(config.orchestrator).toMatchObject({
      votingSensitivity: 'lenient',
      agentVotingSensitivity: { a: 'strict' },
      finalAnswerStrategy: 'synthesize',
      skipFinalPresentation: false,
    });
    expect(config.warnings).toEqual([]);
    expect(parseYaml(agentLines).orchestrator).not.toHaveProperty('agentVotingSensitivity');
    expect(() => parseYaml([...agentLines, 'orchestrator:', '  voting_sensitivity: picky'])).toThrow(
      /orchestrator\.voting_sensitivity/,
    );
    expect(() => parseYaml([...agentLines, 'orchestrator:', '  final_answer_strategy: vote'])).toThrow(
      /orchestrator\.final_answer_strategy/,
    );
  });

  it('says when skip_final_presentation disagrees with final_answer_strategy, and follows the strategy', () => {
    const config = parseYaml([
      ...agentLines,
      'orchestrator:',
      '  skip_final_presentation: true',
      '  final_answer_strategy: synthesize',
    ]);
    expect(config.orchestrator).toMatchObject({ finalAnswerStrategy: 'synthesize', skipFinalPresentation: false });
    expect(config.warnings).toEqual([
      expect.objectContaining({
        code: 'conflicting-setting',
        message: expect.stringContaining('the final answer strategy is used'),
      }),
    ]);
  });

  it('maps the plateau limit and the interruption of stale turns', () => {
    const config = parseYaml([...agentLines, 'orchestrator:', '  plateau_rounds: 3', '  interrupt_stale_turns: false']);
    expect(config.orchestrator).toMatchObject({ plateauRounds: 3, interruptStaleTurns: false });
    expect(config.warnings).toEqual([]);
    expect(parseYaml(agentLines).orchestrator).not.toHaveProperty('interruptStaleTurns');
  });

  it('rejects a plateau limit or an interruption switch of the wrong kind', () => {
    expect(() => parseYaml([...agentLines, 'orchestrator:', '  plateau_rounds: 0'])).toThrow(
      /orchestrator\.plateau_rounds.*expected a whole number of at least 1/,
    );
    expect(() => parseYaml([...agentLines, 'orchestrator:', '  interrupt_stale_turns: sometimes'])).toThrow(
      /orchestrator\.interrupt_stale_turns.*expected true or false/,
    );
  });

  it('maps upstream answer limits and timeouts, in milliseconds', () => {
    const config = parseYaml([
      ...agentLines,
      'orchestrator:',
      '  max_new_answers_per_agent: 2',
      '  answer_novelty_requirement: strict',
      'timeout_settings:',
      '  orchestrator_timeout_seconds: 1800',
      '  initial_round_timeout_seconds: 600',
      '  subsequent_round_timeout_seconds: 600',
      '  round_timeout_grace_seconds: 0.5',
    ]);
    expect(config.orchestrator).toMatchObject({
      maxNewAnswersPerAgent: 2,
      answerNoveltyRequirement: 'strict',
      timeoutMs: 1_800_000,
      roundTimeoutMs: 600_000,
      roundGraceMs: 500,
    });
    expect(config.warnings).toEqual([]);
  });

  it('treats max_new_answers_per_agent: null as unlimited', () => {
    const config = parseYaml([...agentLines, 'orchestrator:', '  max_new_answers_per_agent: null']);
    expect(config.orchestrator.maxNewAnswersPerAgent).toBeUndefined();
  });

  it('uses the first-round timeout for every round, warning when later rounds asked for another', () => {
    const config = parseYaml([
      ...agentLines,
      'timeout_settings:',
      '  initial_round_timeout_seconds: 600',
      '  subsequent_round_timeout_seconds: 300',
    ]);
    expect(config.orchestrator.roundTimeoutMs).toBe(600_000);
    expect(config.warnings).toEqual([
      expect.objectContaining({
        code: 'approximated-setting',
        path: 'timeout_settings.subsequent_round_timeout_seconds',
        message: expect.stringContaining('uses 600 seconds for every round'),
      }),
    ]);
  });

  it('uses the later-round timeout when it is the only one given', () => {
    const config = parseYaml([...agentLines, 'timeout_settings:', '  subsequent_round_timeout_seconds: 300']);
    expect(config.orchestrator.roundTimeoutMs).toBe(300_000);
  });

  it('picks the sequential strategy for workflow: sequential', () => {
    const config = parseYaml([...agentLines, 'orchestrator:', '  workflow: sequential']);
    expect(config.orchestrator.workflow).toBe('sequential');
    expect(config.strategy).toBe('sequential');
  });

  it('lets an explicit strategy override the workflow default', () => {
    expect(parseYaml([...agentLines, 'orchestrator:', '  strategy: "@acme/tournament"']).strategy).toBe(
      '@acme/tournament',
    );
    expect(parseYaml([...agentLines, 'orchestrator:', '  workflow: sequential', '  strategy: vote']).strategy).toBe(
      'vote',
    );
  });

  it('hands the workspace roots and shared context paths to the workspace package as written', () => {
    const config = parseYaml([
      ...agentLines,
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
