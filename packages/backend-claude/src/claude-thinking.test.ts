import type { SamplingSettings } from '@massgen/core';
import { backendSettings } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { parseClaudeOptions, type ClaudeOptions } from './claude-options.js';
import { planThinking } from './claude-thinking.js';

/** The options of a backend configured with none, changed by `overrides`. */
function options(overrides: Partial<ClaudeOptions> = {}): ClaudeOptions {
  return { ...parseClaudeOptions(backendSettings({ type: 'claude' })), ...overrides };
}

function plan(overrides: Partial<ClaudeOptions>, settings: SamplingSettings = {}) {
  return planThinking(options(overrides), settings);
}

describe('planThinking', () => {
  it('thinks not at all by default, with 4096 output tokens or the configured maximum', () => {
    expect(plan({})).toEqual({ active: false, maxTokens: 4096, warnings: [] });
    expect(plan({}, { maxOutputTokens: 900 })).toEqual({ active: false, maxTokens: 900, warnings: [] });
    expect(plan({}, { reasoningEffort: 'none' })).toEqual({ active: false, maxTokens: 4096, warnings: [] });
  });

  it('maps low, medium and high efforts to growing budgets, leaving room for the answer', () => {
    const budgets = ['low', 'medium', 'high'].map((effort) => {
      const result = plan({}, { reasoningEffort: effort });
      expect(result.active).toBe(true);
      const thinking = result.thinking;
      if (thinking?.type !== 'enabled') throw new Error('expected enabled thinking');
      expect(result.maxTokens).toBe(thinking.budget_tokens + 4096);
      return thinking.budget_tokens;
    });
    expect(budgets[0]).toBeGreaterThanOrEqual(1024);
    expect(budgets).toEqual([...budgets].sort((left, right) => left - right));
    expect(new Set(budgets).size).toBe(3);
  });

  it('warns about an effort Claude has no budget for, and does not think', () => {
    const result = plan({}, { reasoningEffort: 'turbo' });
    expect(result.active).toBe(false);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'unsupported-setting', path: 'backend.reasoning.effort' }),
    ]);
  });

  it('lets backend.thinking and max_thinking_tokens decide over the effort, saying so', () => {
    const explicit = plan({ thinking: { type: 'enabled', budget_tokens: 3000 } }, { reasoningEffort: 'high' });
    expect(explicit.thinking).toEqual({ type: 'enabled', budget_tokens: 3000 });
    expect(explicit.warnings[0]?.message).toContain('backend.thinking');
    const budget = plan({ maxThinkingTokens: 5000 });
    expect(budget).toEqual({
      thinking: { type: 'enabled', budget_tokens: 5000 },
      active: true,
      maxTokens: 9096,
      warnings: [],
    });
  });

  it('keeps a configured max_tokens above the budget as it is', () => {
    expect(plan({ maxThinkingTokens: 2000 }, { maxOutputTokens: 8000 })).toMatchObject({
      thinking: { budget_tokens: 2000 },
      maxTokens: 8000,
      warnings: [],
    });
  });

  it('halves the budget when max_tokens cannot hold it, and turns thinking off below the minimum', () => {
    const lowered = plan({ maxThinkingTokens: 8000 }, { maxOutputTokens: 4000 });
    expect(lowered).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 2000 },
      active: true,
      maxTokens: 4000,
    });
    expect(lowered.warnings).toHaveLength(1);
    const off = plan({ maxThinkingTokens: 8000 }, { maxOutputTokens: 2000 });
    expect(off).toMatchObject({ active: false, maxTokens: 2000 });
    expect(off.thinking).toBeUndefined();
    expect(off.warnings[0]?.message).toContain('thinking is off');
  });

  it('passes adaptive thinking on with the effort for output_config, and disabled thinking as asked', () => {
    expect(plan({ thinking: { type: 'adaptive' } }, { reasoningEffort: 'high' })).toEqual({
      thinking: { type: 'adaptive' },
      active: true,
      maxTokens: 16_384,
      effort: 'high',
      warnings: [],
    });
    expect(plan({ thinking: { type: 'adaptive' } }, { reasoningEffort: 'minimal' }).warnings).toHaveLength(1);
    expect(plan({ thinking: { type: 'disabled' } })).toEqual({
      thinking: { type: 'disabled' },
      active: false,
      maxTokens: 4096,
      warnings: [],
    });
  });
});
