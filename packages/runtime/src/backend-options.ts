import type { BackendModule, ConfigIssue, Warning } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';

/** The key path of an agent in its file: `agent` for the singular form, else `agents[i]`. */
export function agentKeyPath(config: MassGenConfig, agentIndex: number): string {
  return config.singleAgent ? 'agent' : `agents[${agentIndex}]`;
}

/** What checking one agent's backend options found, and the options as the backend's schema parsed them. */
export interface BackendOptionsCheck {
  issues: ConfigIssue[];
  warnings: Warning[];
  /** Present when the package has a schema and the options passed it. */
  parsed?: unknown;
}

/**
 * Checks an agent's backend options against the backend package's own schema, once: each problem
 * at its key path and line in the configuration file, and one warning for each key the schema does
 * not read (unless the loader already warned about it as a key no backend knows). The parsed value
 * goes to the backend as `parsedOptions`, so it neither parses nor warns again.
 */
export function checkBackendOptions(
  config: MassGenConfig,
  agentIndex: number,
  module: BackendModule,
): BackendOptionsCheck {
  const agent = config.agents[agentIndex];
  if (agent === undefined || module.optionsSchema === undefined) return { issues: [], warnings: [] };
  const backendPath = `${agentKeyPath(config, agentIndex)}.backend`;
  const lineOf = (keyPath: string): { line?: number } => {
    const line = config.lines[keyPath] ?? config.lines[backendPath];
    return line === undefined ? {} : { line };
  };
  const result = module.optionsSchema.safeParse(agent.backend.options);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const keyPath = [
        backendPath,
        ...issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)),
      ]
        .join('')
        .replace(/\.\[/g, '[');
      return { path: keyPath, message: issue.message, ...lineOf(keyPath) };
    });
    return { issues, warnings: [] };
  }
  const parsed = result.data;
  const read = typeof parsed === 'object' && parsed !== null ? parsed : {};
  const alreadyWarned = new Set(config.warnings.map((warning) => warning.path));
  const warnings: Warning[] = Object.keys(agent.backend.options)
    .filter((key) => !Object.hasOwn(read, key) && !alreadyWarned.has(`${backendPath}.${key}`))
    .map((key) => ({
      code: 'unknown-key',
      message: `${backendPath}.${key}: not a setting of the ${agent.backend.type} backend, so it is ignored`,
      path: `${backendPath}.${key}`,
      agentId: agent.id,
      ...(config.file === undefined ? {} : { file: config.file }),
    }));
  return { issues: [], warnings, parsed };
}

/** The problems `checkBackendOptions` finds, for callers that only need to know whether the options pass. */
export function validateBackendOptions(
  config: MassGenConfig,
  agentIndex: number,
  module: BackendModule,
): ConfigIssue[] {
  return checkBackendOptions(config, agentIndex, module).issues;
}
