import type { AgentWorkspace, BackendModule, BackendSettings, ConfigIssue, OptionsIssue, Warning } from '@massgen/core';
import { configIssueAt, describeFound, formatKeyPath } from '@massgen/config';
import type { AgentConfig, KeySegment, MassGenConfig } from '@massgen/config';

/** The key path segments of an agent in its file: `agent` for the singular form, else `agents[i]`. */
export function agentSegments(config: MassGenConfig, agentIndex: number): KeySegment[] {
  return config.singleAgent ? ['agent'] : ['agents', agentIndex];
}

/** The key path of an agent in its file: `agent` for the singular form, else `agents[i]`. */
export function agentKeyPath(config: MassGenConfig, agentIndex: number): string {
  return formatKeyPath(agentSegments(config, agentIndex));
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
 * at its key path and line in the configuration file, with what was found, and one warning for
 * each key the schema does not read (unless the loader already warned about it as a key no
 * backend knows). The parsed value goes to the backend as `parsedOptions`, so it neither parses
 * nor warns again.
 */
export function checkBackendOptions(
  config: MassGenConfig,
  agentIndex: number,
  module: BackendModule,
): BackendOptionsCheck {
  const agent = config.agents[agentIndex];
  if (agent === undefined || module.optionsSchema === undefined) return { issues: [], warnings: [] };
  const backend = [...agentSegments(config, agentIndex), 'backend'];
  const result = module.optionsSchema.safeParse(agent.backend.options);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const { inside, message } = describeOptionIssue(issue, agent.backend.options);
      return configIssueAt(config, [...backend, ...inside], message);
    });
    return { issues, warnings: [] };
  }
  const parsed = result.data;
  const read = typeof parsed === 'object' && parsed !== null ? parsed : {};
  const alreadyWarned = new Set(config.warnings.map((warning) => warning.path));
  const warnings: Warning[] = Object.keys(agent.backend.options)
    .filter((key) => !Object.hasOwn(read, key) && !alreadyWarned.has(formatKeyPath([...backend, key])))
    .map((key) => {
      const located = configIssueAt(
        config,
        [...backend, key],
        `not a setting of the ${agent.backend.type} backend, so it is ignored`,
      );
      return {
        code: 'unknown-key',
        ...located,
        agentId: agent.id,
        ...(config.file === undefined ? {} : { file: config.file }),
      };
    });
  return { issues: [], warnings, parsed };
}

/**
 * What a backend package's `createBackend` receives for `agent`: its backend block, the options as
 * `checked` parsed them, the configuration's environment, and `workspace` when the agent has one.
 */
export function backendSettings(
  config: MassGenConfig,
  agent: AgentConfig,
  checked: BackendOptionsCheck,
  warn: (warning: Warning) => void,
  workspace: AgentWorkspace | undefined,
): BackendSettings {
  return {
    agentId: agent.id,
    type: agent.backend.type,
    model: agent.backend.model,
    options: agent.backend.options,
    ...(checked.parsed === undefined ? {} : { parsedOptions: checked.parsed }),
    env: config.env,
    warn,
    ...(workspace === undefined ? {} : { workspace }),
  };
}

/** The problems `checkBackendOptions` finds, for callers that only need to know whether the options pass. */
export function validateBackendOptions(
  config: MassGenConfig,
  agentIndex: number,
  module: BackendModule,
): ConfigIssue[] {
  return checkBackendOptions(config, agentIndex, module).issues;
}

/** `backend.reasoning.effort`, as a backend names it, under the agent's `backend` segments. */
export function rebaseKeyPath(backend: KeySegment[], relativePath: string): KeySegment[] {
  const parts = relativePath
    .split(/\.|\[(\d+)\]/)
    .filter((part): part is string => part !== undefined && part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return [...backend, ...(parts[0] === 'backend' ? parts.slice(1) : parts)];
}

/** A backend schema's issue with `options`: the key path inside them, and the message with what was found. */
export function describeOptionIssue(
  issue: OptionsIssue,
  options: Readonly<Record<string, unknown>>,
): { inside: KeySegment[]; message: string } {
  const inside = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
  const found = describeFound(inside, valueAt(options, inside));
  // What was found is added unless the backend's message already says it.
  const message = / got |^missing/.test(issue.message)
    ? issue.message
    : found === 'missing'
      ? `missing; ${issue.message}`
      : `${issue.message}, ${found}`;
  return { inside, message };
}

function valueAt(value: unknown, segments: readonly KeySegment[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}
