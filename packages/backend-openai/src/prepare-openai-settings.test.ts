import { describe, expect, it } from 'vitest';
import { chooseOpenAIApi, prepareOpenAISettings } from './prepare-openai-settings.js';

describe('chooseOpenAIApi', () => {
  it('keeps an explicit choice', () => {
    expect(chooseOpenAIApi('chat', 'gpt-5', {})).toEqual({ api: 'chat' });
    expect(chooseOpenAIApi('responses', 'gpt-4o-search-preview', { seed: 1 })).toEqual({ api: 'responses' });
  });

  it('picks the Responses API unless the model or the settings need Chat Completions', () => {
    expect(chooseOpenAIApi('auto', 'gpt-5', { temperature: 1 })).toEqual({ api: 'responses' });
    expect(chooseOpenAIApi('auto', 'gpt-4o-audio-preview', {})).toEqual({ api: 'chat' });
    expect(chooseOpenAIApi('auto', 'gpt-4.1', { stopSequences: [] })).toEqual({ api: 'responses' });
    const switched = chooseOpenAIApi('auto', 'gpt-4.1', { seed: 1, stopSequences: ['END'] });
    expect(switched.api).toBe('chat');
    expect(switched.warning?.message).toContain('does not accept seed or stop sequences');
  });
});

describe('prepareOpenAISettings', () => {
  it('leaves sampling out for reasoning models and keeps the rest', () => {
    const prepared = prepareOpenAISettings(
      { temperature: 0.2, topP: 0.9, maxOutputTokens: 50, reasoningEffort: 'low' },
      { model: 'o3', api: 'responses' },
    );
    expect(prepared.settings).toEqual({ maxOutputTokens: 50, reasoningEffort: 'low' });
    expect(prepared.warnings.map((warning) => warning.path)).toEqual(['backend.temperature', 'backend.top_p']);
  });

  it('leaves reasoning effort out for models that do not reason, the configured one included', () => {
    const prepared = prepareOpenAISettings(
      { temperature: 0.2 },
      { model: 'gpt-4o', api: 'chat', configuredEffort: 'high' },
    );
    expect(prepared.settings).toEqual({ temperature: 0.2 });
    expect(prepared.warnings).toEqual([
      expect.objectContaining({
        code: 'unsupported-setting',
        path: 'backend.reasoning.effort',
        message: expect.stringContaining('gpt-4o does not reason'),
      }),
    ]);
  });

  it('uses the configured effort unless the request sets its own', () => {
    expect(prepareOpenAISettings({}, { model: 'gpt-5', api: 'responses', configuredEffort: 'high' }).settings).toEqual({
      reasoningEffort: 'high',
    });
    expect(
      prepareOpenAISettings({ reasoningEffort: 'low' }, { model: 'gpt-5', api: 'responses', configuredEffort: 'high' })
        .settings,
    ).toEqual({ reasoningEffort: 'low' });
  });

  it('assumes nothing of models it does not know, and drops only what the Responses API refuses', () => {
    const prepared = prepareOpenAISettings(
      { temperature: 0.5, reasoningEffort: 'low', seed: 3, stopSequences: ['END'] },
      { model: 'my-fine-tune', api: 'responses' },
    );
    expect(prepared.settings).toEqual({ temperature: 0.5, reasoningEffort: 'low' });
    expect(prepared.warnings.map((warning) => warning.message)).toEqual([
      'seed was left out: the Responses API does not accept it (api: chat does).',
      'stop sequences was left out: the Responses API does not accept them (api: chat does).',
    ]);
    expect(prepareOpenAISettings({ seed: 3 }, { model: 'gpt-4.1', api: 'chat' })).toEqual({
      settings: { seed: 3 },
      warnings: [],
    });
  });
});
