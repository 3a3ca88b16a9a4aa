import type { SamplingSettings, Warning } from '@massgen/core';
import { minimumThinkingBudget, type ClaudeOptions } from './claude-options.js';

/** `max_tokens` is required by the Messages API; this is sent when nothing else decides it. */
export const defaultMaxTokens = 4096;

/** Adaptive thinking spends its tokens from `max_tokens`, so it gets more room by default. */
export const adaptiveDefaultMaxTokens = 16_384;

/** Thinking budgets for the reasoning efforts MassGen configurations use. */
export const effortBudgets: Readonly<Record<string, number>> = {
  minimal: minimumThinkingBudget,
  low: 2_048,
  medium: 8_192,
  high: 16_384,
  xhigh: 32_768,
  max: 32_768,
};

/** Efforts that adaptive thinking takes as `output_config.effort`. */
const adaptiveEfforts = new Set(['low', 'medium', 'high', 'xhigh', 'max']);

export type ThinkingConfig =
  | { type: 'enabled'; budget_tokens: number; display?: 'summarized' | 'omitted' }
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
  | { type: 'disabled' };

export interface ThinkingPlan {
  /** Sent as `thinking`; absent leaves the choice to the model. */
  thinking?: ThinkingConfig;
  /** Whether this call thinks, so that the sampling settings thinking forbids are left out. */
  active: boolean;
  maxTokens: number;
  /** Sent as `output_config.effort` with adaptive thinking. */
  effort?: string;
  warnings: Warning[];
}

function unsupported(message: string, path?: string): Warning {
  return { code: 'unsupported-setting', message, ...(path === undefined ? {} : { path }) };
}

/** What was asked for, before `max_tokens` is taken into account. */
function requestedThinking(
  options: ClaudeOptions,
  effort: string | undefined,
  warnings: Warning[],
): ThinkingConfig | undefined {
  if (options.thinking !== undefined || options.maxThinkingTokens !== undefined) {
    const explicit: ThinkingConfig = options.thinking ?? {
      type: 'enabled',
      budget_tokens: options.maxThinkingTokens ?? minimumThinkingBudget,
    };
    if (effort !== undefined && explicit.type !== 'adaptive') {
      const key = options.thinking === undefined ? 'backend.max_thinking_tokens' : 'backend.thinking';
      warnings.push(
        unsupported(
          `Reasoning effort "${effort}" is ignored: ${key} decides Claude's thinking.`,
          'backend.reasoning.effort',
        ),
      );
    }
    return explicit;
  }
  if (effort === undefined || effort === 'none') return undefined;
  const budget = effortBudgets[effort];
  if (budget === undefined) {
    warnings.push(
      unsupported(
        `Reasoning effort "${effort}" means nothing to Claude and is ignored; use low, medium or high.`,
        'backend.reasoning.effort',
      ),
    );
    return undefined;
  }
  return { type: 'enabled', budget_tokens: budget };
}

/**
 * Decides extended thinking for one call: from `backend.thinking`, `max_thinking_tokens` or the
 * reasoning effort, in that order. Thinking tokens count towards `max_tokens`, which must exceed
 * the budget: without a configured `max_tokens` room is added for the answer, and a configured one
 * that is too small lowers the budget (or, below the minimum budget, turns thinking off).
 */
export function planThinking(options: ClaudeOptions, settings: SamplingSettings): ThinkingPlan {
  const warnings: Warning[] = [];
  const effort = settings.reasoningEffort;
  const requested = requestedThinking(options, effort, warnings);
  const configuredMax = settings.maxOutputTokens;

  if (requested?.type === 'adaptive') {
    const plan: ThinkingPlan = {
      thinking: requested,
      active: true,
      maxTokens: configuredMax ?? adaptiveDefaultMaxTokens,
      warnings,
    };
    if (effort !== undefined && effort !== 'none') {
      if (adaptiveEfforts.has(effort)) plan.effort = effort;
      else
        warnings.push(
          unsupported(
            `Reasoning effort "${effort}" is not one Claude's adaptive thinking takes (low, medium, high, xhigh, max); it is ignored.`,
            'backend.reasoning.effort',
          ),
        );
    }
    return plan;
  }
  if (requested?.type !== 'enabled') {
    return {
      ...(requested === undefined ? {} : { thinking: requested }),
      active: false,
      maxTokens: configuredMax ?? defaultMaxTokens,
      warnings,
    };
  }
  if (configuredMax === undefined) {
    return { thinking: requested, active: true, maxTokens: requested.budget_tokens + defaultMaxTokens, warnings };
  }
  if (configuredMax > requested.budget_tokens)
    return { thinking: requested, active: true, maxTokens: configuredMax, warnings };
  const lowered = Math.floor(configuredMax / 2);
  if (lowered < minimumThinkingBudget) {
    warnings.push(
      unsupported(
        `max_tokens ${configuredMax} leaves no room for Claude's smallest thinking budget (${minimumThinkingBudget} tokens, which count towards max_tokens); thinking is off.`,
        'backend.max_tokens',
      ),
    );
    return { active: false, maxTokens: configuredMax, warnings };
  }
  warnings.push(
    unsupported(
      `The thinking budget of ${requested.budget_tokens} tokens must be below max_tokens (${configuredMax}), which includes it; the budget was lowered to ${lowered}.`,
      'backend.max_tokens',
    ),
  );
  return { thinking: { ...requested, budget_tokens: lowered }, active: true, maxTokens: configuredMax, warnings };
}
