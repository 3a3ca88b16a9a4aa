import { ConfigError, MassGenError } from '@massgen/core';
import type { ConfigIssue, StrategyModelChoice } from '@massgen/core';
import { configIssueAt } from '@massgen/config';
import type { KeySegment, MassGenConfig } from '@massgen/config';
import { rebaseKeyPath } from './backend-options.js';
import { createChosenBackend } from './chosen-backend.js';
import type { PluginLoader } from './plugin-loader.js';

/**
 * Creates each model the strategy's settings choose (`answer_summary.model`) for every agent, as
 * the run opens it when an agent first needs it, so that a bad choice stops the run before it
 * starts instead of failing each call: each problem at the key path and line of the choice. An
 * agent whose own backend failed its checks is passed over, since the choice builds on it.
 */
export async function checkStrategyModels(
  config: MassGenConfig,
  loader: PluginLoader,
  choices: readonly StrategyModelChoice[],
  passOver: ReadonlySet<string>,
): Promise<ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  for (const { key, choice } of choices) {
    const segments = choiceSegments(config, key);
    // Problems at one key, found for each agent in turn, are said once.
    const found = new Map<string, ConfigIssue>();
    for (const agent of config.agents) {
      if (passOver.has(agent.id)) continue;
      const own = choice.type === undefined || choice.type === agent.backend.type;
      // The agent's own backend as it is: checked as the agent's, or given as an instance.
      if (own && choice.model === undefined && choice.options === undefined) continue;
      try {
        await createChosenBackend(loader, config, agent, choice, () => undefined);
      } catch (error) {
        for (const issue of choiceIssues(config, segments, error))
          if (!found.has(issue.path)) found.set(issue.path, issue);
      }
    }
    issues.push(...found.values());
  }
  return issues;
}

/** The file's key path of a strategy key: under `orchestrator`, unless the dialect put it elsewhere. */
function choiceSegments(config: MassGenConfig, key: ReadonlyArray<string | number>): KeySegment[] {
  const [first, ...rest] = key;
  const placed = first === undefined ? undefined : config.strategyKeySegments?.[String(first)];
  return [...(placed ?? ['orchestrator', ...(first === undefined ? [] : [first])]), ...rest];
}

function choiceIssues(config: MassGenConfig, segments: KeySegment[], error: unknown): ConfigIssue[] {
  if (error instanceof ConfigError) {
    if (error.issues.length === 0) return [configIssueAt(config, segments, error.message)];
    return error.issues.map((issue) => configIssueAt(config, rebaseKeyPath(segments, issue.path), issue.message));
  }
  // A type no installed package serves.
  if (MassGenError.isInstance(error) && /^PLUGIN_/.test(error.code))
    return [configIssueAt(config, [...segments, 'type'], error.message)];
  throw error;
}
