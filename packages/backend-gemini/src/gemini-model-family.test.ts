import { describe, expect, it } from 'vitest';
import {
  geminiGeneration,
  requiresThoughtSignatures,
  thinksByDefault,
  usesThinkingLevels,
} from './gemini-model-family.js';

describe('Gemini model families', () => {
  it.each([
    ['gemini-2.5-flash', 2.5],
    ['models/gemini-3-pro-preview', 3],
    ['gemini-2.0-flash-lite', 2],
    ['tunedModels/my-model', undefined],
    ['my-gemini-proxy-model', undefined],
  ])('reads the generation of %s', (model, generation) => {
    expect(geminiGeneration(model)).toBe(generation);
  });

  it('tells which models think, take levels and check signatures', () => {
    expect([
      thinksByDefault('gemini-2.5-flash'),
      thinksByDefault('gemini-2.0-flash'),
      thinksByDefault('gemini-2.0-flash-thinking-exp'),
    ]).toEqual([true, false, true]);
    expect([usesThinkingLevels('gemini-3-pro-preview'), usesThinkingLevels('gemini-2.5-pro')]).toEqual([true, false]);
    expect([requiresThoughtSignatures('gemini-3-flash'), requiresThoughtSignatures('gemini-2.5-flash')]).toEqual([
      true,
      false,
    ]);
  });
});
