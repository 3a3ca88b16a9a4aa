import { describe, expect, it } from 'vitest';
import { teamUsage, UsageLedger } from './usage-ledger.js';

describe('teamUsage', () => {
  it("adds up every agent's tokens and cost; tokens counts input and output", () => {
    const team = teamUsage([
      {
        agentId: 'alpha',
        calls: 2,
        usage: { inputTokens: 100, outputTokens: 20, cachedInputTokens: 40 },
        costUsd: 0.5,
      },
      { agentId: 'beta', calls: 1, usage: { inputTokens: 50, outputTokens: 5, reasoningTokens: 3 } },
    ]);
    expect(team).toEqual({
      usage: { inputTokens: 150, outputTokens: 25, cachedInputTokens: 40, reasoningTokens: 3 },
      tokens: 175,
      costUsd: 0.5,
    });
    expect(teamUsage([])).toEqual({ usage: {}, tokens: 0, costUsd: 0 });
  });

  it("is the ledger's total", () => {
    const ledger = new UsageLedger(['alpha', 'beta']);
    ledger.record('alpha', { inputTokens: 10, outputTokens: 2 }, 0.25);
    ledger.record('beta', { inputTokens: 7, outputTokens: 1 });
    ledger.record('alpha', { inputTokens: 3 });
    expect(ledger.total()).toEqual({ usage: { inputTokens: 20, outputTokens: 3 }, tokens: 23, costUsd: 0.25 });
    expect(ledger.total()).toEqual(teamUsage(ledger.byAgent()));
  });
});
