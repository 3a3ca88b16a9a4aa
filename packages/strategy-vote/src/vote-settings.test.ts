import { describe, expect, it } from 'vitest';
import { createTestContext } from './test-context.js';
import { readVoteSettings, voteSettingsWarnings } from './vote-settings.js';
import { voteSettingsSchema } from './vote-settings-schema.js';

const settingsOf = (settings: Parameters<typeof createTestContext>[0]['settings']) =>
  readVoteSettings(createTestContext({ agents: [], settings }));

describe('vote settings', () => {
  it('reads a topology by its name alone with its defaults, or as a mapping with its parameter', () => {
    const topology = (value: unknown) => {
      const parsed = voteSettingsSchema.parse({ topology: value });
      return settingsOf(parsed).topology;
    };
    expect(topology('full')).toEqual({ type: 'full' });
    expect(topology('ring')).toEqual({ type: 'ring', neighbors: 2 });
    expect(topology('top_k')).toEqual({ type: 'top_k', k: 3 });
    expect(topology({ type: 'ring', neighbors: 4 })).toEqual({ type: 'ring', neighbors: 4 });
    expect(topology('islands')).toEqual({ type: 'islands', size: 4 });
    expect(topology('tournament')).toEqual({ type: 'tournament', size: 4 });
    expect(topology({ type: 'tournament', size: 3 })).toEqual({ type: 'tournament', size: 3 });
    expect(settingsOf({}).topology).toEqual({ type: 'full' });
  });

  it('rejects an unknown topology and a parameter of another topology at their key paths', () => {
    const issues = (value: unknown) => {
      const result = voteSettingsSchema.safeParse({ topology: value });
      return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(issues({ type: 'ring', k: 2 })).toEqual([['topology.k', 'only top_k takes k']]);
    expect(issues({ type: 'ring', size: 2 })).toEqual([['topology.size', 'only islands and tournament take size']]);
    expect(issues({ type: 'tournament', size: 1 })).toEqual([
      ['topology.size', 'expected at least 2 agents per tournament match, got 1'],
    ]);
    expect(issues('star')).toEqual([
      [
        'topology',
        'expected "full", "ring", "top_k", "islands" or "tournament", or a mapping such as {type: ring, neighbors: 3}',
      ],
    ]);
  });

  it('applies the defaults, seconds become milliseconds, and skip_final_presentation is winner_reuse', () => {
    expect(settingsOf({})).toMatchObject({
      votingMethod: 'majority',
      restartsEnabled: true,
      interruptStaleTurns: true,
      answerNoveltyRequirement: 'lenient',
      finalAnswerStrategy: 'winner_present',
      skipFinalPresentation: false,
      roundGraceMs: 120_000,
      stragglerTimeoutMs: 120_000,
    });
    expect(
      settingsOf({ skip_final_presentation: true, round_timeout_grace_seconds: 0.5, straggler_timeout_seconds: 0 }),
    ).toMatchObject({
      finalAnswerStrategy: 'winner_reuse',
      skipFinalPresentation: true,
      roundGraceMs: 500,
      stragglerTimeoutMs: 0,
    });
    // A named strategy wins over skip_final_presentation, and the disagreement is warned about before the run.
    expect(settingsOf({ skip_final_presentation: true, final_answer_strategy: 'synthesize' })).toMatchObject({
      finalAnswerStrategy: 'synthesize',
      skipFinalPresentation: false,
    });
    expect(
      voteSettingsWarnings({ run: { skip_final_presentation: true, final_answer_strategy: 'synthesize' }, agents: {} }),
    ).toEqual([expect.objectContaining({ key: 'skip_final_presentation', code: 'conflicting-setting' })]);
    expect(voteSettingsWarnings({ run: { skip_final_presentation: true }, agents: {} })).toEqual([]);
  });
});
