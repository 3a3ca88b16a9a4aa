import path from 'node:path';
import { ConfigError } from '@massgen/core';
import type { ConfigIssue, Warning } from '@massgen/core';
import { checkAgentStructure } from './check-agent-structure.js';
import { checkBackendUrls } from './check-backend-urls.js';
import { checkWorkspacePaths } from './check-workspace-paths.js';
import { checkKeys } from './check-keys.js';
import { collectStrategyKeys } from './collect-strategy-keys.js';
import { collectToolPackages } from './collect-tool-packages.js';
import { resolveEnvironment } from './config-environment.js';
import { describeValue } from './describe-value.js';
import type { AgentConfig, MassGenConfig } from './config-model.js';
import { configSchema } from './config-schema.js';
import { interpolateEnvironment } from './env-interpolation.js';
import type { PathIssue, PathWarning } from './findings.js';
import { isMapping } from './is-mapping.js';
import { configIssueAt, listItemNames } from './issue-location.js';
import type { KeyLocations } from './issue-location.js';
import { formatKeyPath } from './key-path.js';
import type { KeySegment } from './key-path.js';
import { normalizeAgents } from './normalize-agents.js';
import { normalizeDisplay } from './normalize-display.js';
import { normalizeOrchestrator } from './normalize-orchestrator.js';
import { isSecretKeyPath } from './secret-paths.js';
import { parseYamlSource } from './yaml-source.js';
import { describeExpectation, toPathIssues } from './zod-issues.js';

export interface ParseConfigOptions {
  /** The file the text came from, for messages and `MassGenConfig.file`. */
  file?: string;
  /** Directory relative paths in the configuration are resolved against. */
  baseDir: string;
  /** Working directory whose `.env` is read; the process's by default. */
  cwd?: string;
  /** Environment to use instead of `process.env` (still overlaid on `.env`). */
  env?: Readonly<Record<string, string | undefined>>;
}

const expectedShape = 'expected a mapping with "agents:" (a list of agents) or "agent:" (one agent)';

/**
 * Parses configuration text of either dialect into one validated `MassGenConfig`. Throws a
 * `ConfigError` listing every problem found, each with its key path, line and expectation;
 * anything that loads but is unknown or unsupported is listed in `warnings`.
 */
export function parseConfig(text: string, options: ParseConfigOptions): MassGenConfig {
  const { file } = options;
  const baseDir = path.resolve(options.baseDir);
  const source = parseYamlSource(text, file);
  if (source.value === null)
    throw new ConfigError({ file, issues: [{ path: '', message: `the file is empty; ${expectedShape}` }] });
  if (!isMapping(source.value)) {
    const found = Array.isArray(source.value) ? 'a list' : `a single value (${describeValue(source.value)})`;
    throw new ConfigError({
      file,
      issues: [{ path: '', message: `the file holds ${found}; ${expectedShape}`, line: 1 }],
    });
  }

  const env = resolveEnvironment({ cwd: options.cwd, env: options.env });
  const interpolation = interpolateEnvironment(source.value, env);
  const root = interpolation.value as Record<string, unknown>;
  const keyCheck = checkKeys(root);
  const parsed = configSchema.safeParse(root, { reportInput: true, error: describeExpectation });
  const isSecret = (segments: readonly KeySegment[]): boolean =>
    isSecretKeyPath(segments) || interpolation.interpolatedPaths.has(formatKeyPath(segments));
  const toolIssues: PathIssue[] = [];
  const tools = collectToolPackages(root, toolIssues, interpolation.interpolatedPaths);
  const issues = [
    ...keyCheck.issues,
    ...checkAgentStructure(root),
    ...checkWorkspacePaths(root, baseDir),
    ...checkBackendUrls(root),
    ...toolIssues,
    ...(parsed.success ? [] : toPathIssues(parsed.error.issues, isSecret)),
  ];
  const locations = { lines: source.lines, itemNames: listItemNames(root) };
  if (issues.length > 0 || !parsed.success) {
    throw new ConfigError({ file, issues: locateIssues(issues, locations) });
  }

  const dialect = keyCheck.dialectKeys.upstream > keyCheck.dialectKeys.seed ? 'upstream' : 'seed';
  const warnings: PathWarning[] = [...source.warnings, ...interpolation.warnings, ...keyCheck.warnings];
  const agents = normalizeAgents(parsed.data);
  const strategyKeys = collectStrategyKeys(root);
  const { orchestrator, strategy } = normalizeOrchestrator(parsed.data, { warnings, strategyKeys: strategyKeys.keys });
  const display = normalizeDisplay(parsed.data, dialect, warnings);

  return {
    ...(file === undefined ? {} : { file }),
    baseDir,
    dialect,
    singleAgent: parsed.data.agent !== undefined,
    agents,
    strategy,
    orchestrator,
    ...(Object.keys(strategyKeys.keySegments).length === 0 ? {} : { strategyKeySegments: strategyKeys.keySegments }),
    ...(parsed.data.orchestrator?.max_concurrent_requests == null
      ? {}
      : { maxConcurrentRequests: parsed.data.orchestrator.max_concurrent_requests }),
    tools,
    display,
    warnings: toWarnings(warnings, { file, agents, locations }),
    lines: source.lines,
    itemNames: locations.itemNames,
    env,
  };
}

/** Issues in file order, each with the line of its key (or of the nearest key above it). */
function locateIssues(issues: readonly PathIssue[], locations: KeyLocations): ConfigIssue[] {
  return issues
    .map((issue) => configIssueAt(locations, issue.segments, issue.message))
    .sort((first, second) => (first.line ?? 0) - (second.line ?? 0));
}

/** Core warnings in file order, each located like an issue and attributed to the agent it is about. */
function toWarnings(
  warnings: readonly PathWarning[],
  context: { file?: string; agents: readonly AgentConfig[]; locations: KeyLocations },
): Warning[] {
  const located = warnings.map((warning) => ({
    warning,
    location: configIssueAt(context.locations, warning.segments, warning.message),
  }));
  return located
    .sort((first, second) => (first.location.line ?? 0) - (second.location.line ?? 0))
    .map(({ warning, location }) => {
      const [top, index] = warning.segments;
      const agent =
        top === 'agent'
          ? context.agents[0]
          : top === 'agents' && typeof index === 'number'
            ? context.agents[index]
            : undefined;
      return {
        code: warning.code,
        message: warning.message,
        ...(location.path === '' ? {} : { path: location.path }),
        ...(location.line === undefined ? {} : { line: location.line }),
        ...(location.items === undefined ? {} : { items: location.items }),
        ...(context.file === undefined ? {} : { file: context.file }),
        ...(agent === undefined ? {} : { agentId: agent.id }),
      };
    });
}
