import { backendSettings } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { buildGeminiRequest } from './build-gemini-request.js';
import { parseGeminiOptions, type GeminiOptions } from './gemini-options.js';

const options: GeminiOptions = parseGeminiOptions(backendSettings({ type: 'gemini' }));
const messages = [{ role: 'user' as const, content: 'Hi' }];

describe('buildGeminiRequest', () => {
  it('sends no settings the request did not set, and no thinking settings to a model that does not think', () => {
    expect(buildGeminiRequest({ messages }, 'gemini-2.0-flash', options)).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      config: {},
      extraBody: {},
      warnings: [],
    });
  });

  it("lets the request's stop sequences win over the configured stop", () => {
    const configured = { ...options, stopSequences: ['CONFIGURED'] };
    expect(buildGeminiRequest({ messages }, 'gemini-2.0-flash', configured).config.stopSequences).toEqual([
      'CONFIGURED',
    ]);
    expect(
      buildGeminiRequest({ messages, settings: { stopSequences: ['REQUEST'] } }, 'gemini-2.0-flash', configured).config
        .stopSequences,
    ).toEqual(['REQUEST']);
  });

  it('lets providerOptions override extra_body, but keeps the conversation and tools its own', () => {
    const built = buildGeminiRequest(
      { messages, providerOptions: { labels: { run: 'b' }, tools: [] } },
      'gemini-2.0-flash',
      { ...options, extraBody: { labels: { run: 'a' }, contents: [], serviceTier: 'flex' } },
    );
    expect(built.extraBody).toEqual({ labels: { run: 'b' }, serviceTier: 'flex' });
    expect(built.warnings.map((warning) => warning.path)).toEqual([
      'backend.extra_body.contents',
      'providerOptions.tools',
    ]);
  });

  it('passes on the warning about an effort the model has no meaning for', () => {
    expect(
      buildGeminiRequest({ messages, settings: { reasoningEffort: 'ultra' } }, 'gemini-2.5-flash', options).warnings,
    ).toEqual([expect.objectContaining({ code: 'unsupported-setting' })]);
  });
});
