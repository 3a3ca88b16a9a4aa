import type { SamplingSettings, Warning } from '@massgen/core';
import { openAIModelFamily, requiresChatCompletions } from './openai-model-family.js';
import type { OpenAIApiChoice } from './openai-options.js';

export type OpenAIApi = 'responses' | 'chat';

const settingNames: Record<keyof SamplingSettings, { name: string; path?: string }> = {
  temperature: { name: 'temperature', path: 'backend.temperature' },
  topP: { name: 'top_p', path: 'backend.top_p' },
  maxOutputTokens: { name: 'max_tokens', path: 'backend.max_tokens' },
  reasoningEffort: { name: 'reasoning effort', path: 'backend.reasoning.effort' },
  seed: { name: 'seed', path: 'backend.seed' },
  stopSequences: { name: 'stop sequences' },
};

function unsupported(key: keyof SamplingSettings, message: string): Warning {
  const { path } = settingNames[key];
  return { code: 'unsupported-setting', message, ...(path === undefined ? {} : { path }) };
}

function hasStopSequences(settings: SamplingSettings): boolean {
  return settings.stopSequences !== undefined && settings.stopSequences.length > 0;
}

/**
 * Picks the API for one request. `auto` means the Responses API, except for models that exist
 * only on Chat Completions and for settings only Chat Completions accepts (`seed`, stop
 * sequences), which would otherwise be dropped.
 */
export function chooseOpenAIApi(
  choice: OpenAIApiChoice,
  model: string,
  settings: SamplingSettings,
): { api: OpenAIApi; warning?: Warning } {
  if (choice !== 'auto') return { api: choice };
  if (requiresChatCompletions(model)) return { api: 'chat' };
  const chatOnly = [
    settings.seed !== undefined ? 'seed' : undefined,
    hasStopSequences(settings) ? 'stop sequences' : undefined,
  ].filter((name) => name !== undefined);
  if (chatOnly.length === 0) return { api: 'responses' };
  return {
    api: 'chat',
    warning: {
      code: 'api-choice',
      message: `The Responses API does not accept ${chatOnly.join(' or ')}, so this agent uses Chat Completions (no reasoning summaries there); set api: responses to keep the Responses API and drop ${chatOnly.length > 1 ? 'them' : 'it'}.`,
    },
  };
}

/**
 * Leaves out the settings the model or the API would refuse, with a warning for each: OpenAI
 * answers them with a 400, which would fail the agent over a setting it can do without.
 */
export function prepareOpenAISettings(
  requested: SamplingSettings,
  context: { model: string; api: OpenAIApi; configuredEffort?: string | undefined },
): { settings: SamplingSettings; warnings: Warning[] } {
  const settings: SamplingSettings = { ...requested };
  if (settings.reasoningEffort === undefined && context.configuredEffort !== undefined)
    settings.reasoningEffort = context.configuredEffort;
  const warnings: Warning[] = [];
  const drop = (key: keyof SamplingSettings, reason: string): void => {
    if (settings[key] === undefined) return;
    delete settings[key];
    warnings.push(unsupported(key, `${settingNames[key].name} was left out: ${reason}.`));
  };
  const family = openAIModelFamily(context.model);
  if (family === 'reasoning') {
    drop('temperature', `${context.model} is a reasoning model and does not accept it`);
    drop('topP', `${context.model} is a reasoning model and does not accept it`);
  }
  if (family === 'classic') drop('reasoningEffort', `${context.model} does not reason`);
  if (context.api === 'responses') {
    drop('seed', 'the Responses API does not accept it (api: chat does)');
    if (settings.stopSequences !== undefined && !hasStopSequences(settings)) delete settings.stopSequences;
    drop('stopSequences', 'the Responses API does not accept them (api: chat does)');
  }
  return { settings, warnings };
}
