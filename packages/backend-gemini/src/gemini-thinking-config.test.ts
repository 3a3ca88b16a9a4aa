import { describe, expect, it } from 'vitest';
import { chooseThinkingConfig } from './gemini-thinking-config.js';

describe('chooseThinkingConfig', () => {
  it.each([
    ['low', 1024],
    ['medium', 8192],
    ['high', 24576],
    ['minimal', 512],
    ['none', 0],
    ['auto', -1],
    ['2048', 2048],
  ])('gives Gemini 2.5 a token budget for %s', (effort, budget) => {
    const { thinkingConfig } = chooseThinkingConfig('gemini-2.5-flash', effort, {});
    expect(thinkingConfig?.thinkingBudget).toBe(budget);
  });

  it('gives Gemini 3 a thinking level, and a number as a budget', () => {
    expect(chooseThinkingConfig('gemini-3-pro-preview', 'Low', {}).thinkingConfig).toEqual({
      thinkingLevel: 'LOW',
      includeThoughts: true,
    });
    expect(chooseThinkingConfig('models/gemini-3-flash', 'minimal', {}).thinkingConfig).toEqual({
      thinkingLevel: 'MINIMAL',
      includeThoughts: true,
    });
    expect(chooseThinkingConfig('gemini-3-pro-preview', '4096', {}).thinkingConfig).toEqual({
      thinkingBudget: 4096,
      includeThoughts: true,
    });
  });

  it('asks for thoughts from models that think by default, and not from older ones', () => {
    expect(chooseThinkingConfig('gemini-2.5-pro', undefined, {})).toEqual({
      thinkingConfig: { includeThoughts: true },
    });
    expect(chooseThinkingConfig('gemini-2.0-flash', undefined, {})).toEqual({});
    expect(chooseThinkingConfig('gemini-2.0-flash', undefined, { includeThoughts: true })).toEqual({
      thinkingConfig: { includeThoughts: true },
    });
    expect(chooseThinkingConfig('gemini-2.5-pro', undefined, { includeThoughts: false })).toEqual({});
  });

  it('asks for no thoughts when thinking is turned off', () => {
    expect(chooseThinkingConfig('gemini-2.5-flash', 'none', {}).thinkingConfig).toEqual({ thinkingBudget: 0 });
  });

  it('lets thinking_budget win over the effort', () => {
    expect(chooseThinkingConfig('gemini-2.5-flash', 'high', { thinkingBudget: 300 }).thinkingConfig).toEqual({
      thinkingBudget: 300,
      includeThoughts: true,
    });
  });

  it('warns about an effort the model has no meaning for, naming what it accepts', () => {
    const choice = chooseThinkingConfig('gemini-3-pro-preview', 'none', {});
    expect(choice.thinkingConfig).toEqual({ includeThoughts: true });
    expect(choice.warning).toMatchObject({ code: 'unsupported-setting', path: 'backend.reasoning.effort' });
    expect(choice.warning?.message).toContain('minimal, low, medium, high');
    expect(chooseThinkingConfig('gemini-2.5-flash', 'extreme', {}).warning?.message).toContain('"extreme"');
  });
});
