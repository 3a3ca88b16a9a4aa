import { describe, expect, it } from 'vitest';
import { defaultTemperature, mapLocalSampling } from './local-sampling.js';

describe('mapLocalSampling', () => {
  it('maps temperature, top_p, max_tokens, seed and stop sequences', () => {
    const { sampling, warnings } = mapLocalSampling({
      messages: [],
      settings: { temperature: 0.2, topP: 0.9, maxOutputTokens: 12, seed: 7, stopSequences: ['END'] },
      providerOptions: { top_k: 40, min_p: 0.05 },
    });
    expect(sampling).toEqual({
      temperature: 0.2,
      topP: 0.9,
      maxTokens: 12,
      seed: 7,
      customStopTriggers: ['END'],
      topK: 40,
      minP: 0.05,
    });
    expect(warnings).toEqual([]);
  });

  it('samples at a moderate temperature by default so agents on one model differ', () => {
    expect(mapLocalSampling({ messages: [] }).sampling).toEqual({ temperature: defaultTemperature });
  });

  it('warns about reasoning effort and unknown provider options instead of failing', () => {
    const { warnings } = mapLocalSampling({
      messages: [],
      settings: { reasoningEffort: 'high' },
      providerOptions: { logit_bias: {} },
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('reasoning.effort (high) is ignored'),
      expect.stringContaining('provider option logit_bias is ignored'),
    ]);
  });
});
