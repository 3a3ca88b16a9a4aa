import type { Warning } from '@massgen/core';
import type { ThinkingConfig, ThinkingLevel } from '@google/genai';
import { thinksByDefault, usesThinkingLevels } from './gemini-model-family.js';

/** Token budgets for the effort names, within what Gemini 2.5 Flash and Pro both accept. */
const budgets: Readonly<Record<string, number>> = {
  none: 0,
  minimal: 512,
  low: 1024,
  medium: 8192,
  high: 24576,
  // Gemini's own value for "as much as the model sees fit".
  auto: -1,
  dynamic: -1,
};

const levels: Readonly<Record<string, `${ThinkingLevel}`>> = {
  minimal: 'MINIMAL',
  low: 'LOW',
  medium: 'MEDIUM',
  high: 'HIGH',
};

export interface ThinkingChoice {
  thinkingConfig?: ThinkingConfig;
  warning?: Warning;
}

/**
 * Maps the reasoning effort to Gemini's thinking settings: a level for Gemini 3, a token budget
 * for earlier models (a number as effort is taken as a budget everywhere). Thoughts are asked
 * for whenever the model thinks, so that they stream as reasoning, unless `include_thoughts` is off.
 */
export function chooseThinkingConfig(
  modelId: string,
  effort: string | undefined,
  options: { thinkingBudget?: number; includeThoughts?: boolean },
): ThinkingChoice {
  const config: ThinkingConfig = {};
  let warning: Warning | undefined;
  const name = effort?.trim().toLowerCase();
  if (options.thinkingBudget !== undefined) {
    config.thinkingBudget = options.thinkingBudget;
  } else if (name !== undefined && name !== '') {
    if (/^-?\d+$/.test(name)) config.thinkingBudget = Number(name);
    else if (usesThinkingLevels(modelId) && levels[name] !== undefined)
      config.thinkingLevel = levels[name] as ThinkingLevel;
    else if (!usesThinkingLevels(modelId) && budgets[name] !== undefined) config.thinkingBudget = budgets[name];
    else {
      const accepted = usesThinkingLevels(modelId) ? Object.keys(levels) : Object.keys(budgets);
      warning = {
        code: 'unsupported-setting',
        message: `Reasoning effort "${effort ?? ''}" means nothing to ${modelId}; expected ${accepted.join(', ')} or a number of thinking tokens. The model's default thinking is used.`,
        path: 'backend.reasoning.effort',
      };
    }
  }
  const asked = config.thinkingBudget !== undefined || config.thinkingLevel !== undefined;
  const thinks = config.thinkingBudget === 0 ? false : asked || thinksByDefault(modelId);
  if (options.includeThoughts === true || (thinks && options.includeThoughts !== false)) config.includeThoughts = true;
  return {
    ...(Object.keys(config).length === 0 ? {} : { thinkingConfig: config }),
    ...(warning === undefined ? {} : { warning }),
  };
}
