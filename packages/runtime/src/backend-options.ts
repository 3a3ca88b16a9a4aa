import type { BackendModule, ConfigIssue } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';

/** The key path of an agent in its file: `agent` for the singular form, else `agents[i]`. */
export function agentKeyPath(config: MassGenConfig, agentIndex: number): string {
  return config.singleAgent ? 'agent' : `agents[${agentIndex}]`;
}

/**
 * Checks an agent's backend options against the backend package's own schema, and reports
 * each problem at its key path and line in the configuration file.
 */
export function validateBackendOptions(
  config: MassGenConfig,
  agentIndex: number,
  module: BackendModule,
): ConfigIssue[] {
  const agent = config.agents[agentIndex];
  if (agent === undefined || module.optionsSchema === undefined) return [];
  const result = module.optionsSchema.safeParse(agent.backend.options);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const keyPath = [
      `${agentKeyPath(config, agentIndex)}.backend`,
      ...issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)),
    ]
      .join('')
      .replace(/\.\[/g, '[');
    const line = config.lines[keyPath] ?? config.lines[`${agentKeyPath(config, agentIndex)}.backend`];
    return { path: keyPath, message: issue.message, ...(line === undefined ? {} : { line }) };
  });
}
