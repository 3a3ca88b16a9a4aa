import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StrategyModule } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import type { MassGenConfig } from '@massgen/config';
import * as vote from '@massgen/strategy-vote';
import { checkStrategySettings } from './strategy-settings.js';

const runtimeDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const voteModule: StrategyModule = vote;

function config(lines: string[]) {
  return parseConfig(
    ['agents:', '  - id: a', '    backend: {type: openai}', '  - id: b', '    backend: {type: openai}', ...lines].join(
      '\n',
    ),
    { baseDir: runtimeDirectory, env: {}, file: 'team.yaml' },
  );
}

/** One agent, solo, whose own voting_sensitivity (line 3) is `sensitivity`. */
function soloAgent(sensitivity: string) {
  return parseConfig(
    ['agent:', '  id: solo', `  voting_sensitivity: ${sensitivity}`, '  backend: {type: openai}'].join('\n'),
    {
      baseDir: runtimeDirectory,
      env: {},
    },
  );
}

/** `configuration`'s settings checked against the vote strategy's schemas. */
function checkVote(configuration: MassGenConfig) {
  return checkStrategySettings(configuration, 'vote', voteModule);
}

describe('checkStrategySettings', () => {
  it("reports what the strategy's schema rejects at its key path and line, with what was found", () => {
    const checked = checkVote(
      config(['orchestrator:', '  voting_method: ranked_choice', '  topology: {type: ring, neighbors: 0}']),
    );
    expect(checked.issues).toEqual([
      {
        path: 'orchestrator.voting_method',
        line: 7,
        message: 'expected one of "majority", "weighted_by_confidence", got "ranked_choice"',
      },
      { path: 'orchestrator.topology.neighbors', line: 8, message: expect.stringContaining('got 0') },
    ]);
    expect(checked.settings).toBeUndefined();
  });

  it('finds keys written under timeout_settings and by an agent at their own places', () => {
    const checked = checkVote(
      config([
        'timeout_settings:',
        '  straggler_timeout_seconds: -1',
        'orchestrator:',
        '  voting_sensitivity: lenient',
      ]),
    );
    expect(checked.issues).toEqual([
      { path: 'timeout_settings.straggler_timeout_seconds', line: 7, message: expect.stringContaining('got -1') },
    ]);
    expect(checkVote(soloAgent('picky')).issues).toEqual([
      expect.objectContaining({ path: 'agent.voting_sensitivity', line: 3 }),
    ]);
  });

  it('hands the parsed keys on, each agent by id, and warns about a key the strategy does not read', () => {
    const checked = checkVote(
      config([
        'orchestrator:',
        '  max_round: 3',
        '  plateau_round: 2',
        '  fixture_depth: deep',
        '  interrupt_stale_turns: false',
      ]),
    );
    expect(checked.issues).toEqual([]);
    expect(checked.settings).toEqual({ run: { interrupt_stale_turns: false }, agents: {} });
    expect(checked.warnings).toEqual([
      {
        code: 'unknown-key',
        path: 'orchestrator.max_round',
        line: 7,
        message:
          'orchestrator.max_round is not a setting of MassGen or of the vote strategy (did you mean "max_rounds"?); it is ignored.',
      },
      expect.objectContaining({
        path: 'orchestrator.plateau_round',
        message: expect.stringContaining('(did you mean "plateau_rounds"?)'),
      }),
      expect.objectContaining({
        path: 'orchestrator.fixture_depth',
        message: 'orchestrator.fixture_depth is not a setting of MassGen or of the vote strategy; it is ignored.',
      }),
    ]);
  });

  it("locates the strategy's own warnings: skip_final_presentation against final_answer_strategy", () => {
    const checked = checkVote(
      config(['orchestrator:', '  skip_final_presentation: true', '  final_answer_strategy: synthesize']),
    );
    expect(checked.warnings).toEqual([
      {
        code: 'conflicting-setting',
        path: 'orchestrator.skip_final_presentation',
        line: 7,
        message: expect.stringContaining('the final answer strategy is used'),
      },
    ]);
  });

  it("hands an agent's unknown keys to the strategy's agent schema and warns about those it does not read", () => {
    const checked = checkVote(
      parseConfig(
        [
          'agents:',
          '  - id: a',
          '    voting_sensitivity: strict',
          '    system_mesage: Be brief.',
          '    backend: {type: openai}',
          '  - id: b',
          '    backend: {type: openai}',
        ].join('\n'),
        { baseDir: runtimeDirectory, env: {}, file: 'team.yaml' },
      ),
    );
    expect(checked.issues).toEqual([]);
    expect(checked.settings?.agents).toEqual({ a: { voting_sensitivity: 'strict' } });
    expect(checked.warnings).toEqual([
      {
        code: 'unknown-key',
        path: 'agents[0].system_mesage',
        line: 4,
        message:
          'agents[0].system_mesage is not a setting of MassGen or of the vote strategy (did you mean "system_message"?); it is ignored.',
      },
    ]);
  });

  it('warns about every agent key of a strategy without an agent schema, which reads none', () => {
    const bare: StrategyModule = { specificationVersion: 'v1', createStrategy: voteModule.createStrategy };
    const checked = checkStrategySettings(soloAgent('strict'), 'bare', bare);
    expect(checked.settings?.agents).toEqual({});
    expect(checked.warnings).toEqual([
      expect.objectContaining({
        path: 'agent.voting_sensitivity',
        line: 3,
        message: 'agent.voting_sensitivity is not a setting of MassGen or of the bare strategy; it is ignored.',
      }),
    ]);
  });

  it('gives a strategy without a schema its keys as written', () => {
    const bare: StrategyModule = { specificationVersion: 'v1', createStrategy: voteModule.createStrategy };
    const checked = checkStrategySettings(config(['orchestrator:', '  anything: [1, 2]']), 'bare', bare);
    expect(checked).toEqual({ issues: [], warnings: [], settings: { run: { anything: [1, 2] }, agents: {} } });
  });
});
