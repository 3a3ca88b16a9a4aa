import { ConfigError, MassGenError, formatConfigIssue } from '@massgen/core';
import type {
  AgentWorkspace,
  Backend,
  ConfigIssue,
  StrategyModelChoice,
  ToolPackageModule,
  Warning,
} from '@massgen/core';
import { configIssueAt, formatKeyPath } from '@massgen/config';
import type { KeySegment, MassGenConfig, ToolPackageConfig } from '@massgen/config';
import { agentSegments, backendSettings, checkBackendOptions, rebaseKeyPath } from './backend-options.js';
import { describeMissingApiKey, findMissingApiKey } from './missing-api-key.js';
import type { PluginLoader } from './plugin-loader.js';
import { checkStrategyModels } from './strategy-models.js';
import { checkStrategySettings } from './strategy-settings.js';
import { checkToolPackage, whereNamed, whereNamedSegments } from './tool-package-settings.js';

export interface PreflightOptions {
  /** Agents whose backend is given as an instance (`RunOptions.backends`): nothing to load or check. */
  backends?: Readonly<Record<string, Backend>>;
  /** Whether the configuration's strategy is loaded; a passthrough run has none. */
  loadsStrategy?: boolean;
}

export interface PreflightResult {
  /** Every problem that stops the run, each at its key path and line. */
  issues: ConfigIssue[];
  /** What creating the backends reported (settings they ignore) and missing API keys, at key paths of the file. */
  warnings: Warning[];
  /** The agents whose backend will certainly find no API key, each at its `backend` key path. */
  missingApiKeys: ConfigIssue[];
  /** How many agents were checked (those not given as backend instances). */
  agentsChecked: number;
  /** What the tool packages say about how the run will go on this machine (where commands run), one line each. */
  notes: string[];
}

/**
 * Everything a run checks before its first model call, without starting anything: that a
 * package serves each backend type and the strategy, that the extensions the configuration uses
 * are installed and accept it, and that each backend accepts its options. `massgen --validate`
 * reports exactly these, and a run refuses to start on any of them, with the same messages.
 */
export async function preflightRun(
  config: MassGenConfig,
  loader: PluginLoader,
  options: PreflightOptions = {},
): Promise<PreflightResult> {
  const issues: ConfigIssue[] = [];
  const warnings: Warning[] = [];
  const missingApiKeys: ConfigIssue[] = [];
  const notes: string[] = [];
  let agentsChecked = 0;
  let strategyModels: StrategyModelChoice[] = [];
  if (options.loadsStrategy !== false) {
    try {
      const { module } = await loader.loadStrategy(config.strategy);
      const checked = checkStrategySettings(config, config.strategy, module);
      issues.push(...checked.issues);
      warnings.push(...checked.warnings);
      if (checked.settings !== undefined) strategyModels = module.modelChoices?.(checked.settings) ?? [];
    } catch (error) {
      issues.push(pluginIssue(config, strategySegments(config), error));
    }
  }
  const declaredWorkspaces: Array<(agentId: string) => AgentWorkspace | undefined> = [];
  const declaredWorkspaceFor = (agentId: string): AgentWorkspace | undefined =>
    declaredWorkspaces.map((declared) => declared(agentId)).find((found) => found !== undefined);
  const toolPackages: Array<{ entry: ToolPackageConfig; module: ToolPackageModule }> = [];
  for (const entry of config.tools) {
    try {
      const { module } = await loader.loadToolPackage(entry.name, entry.package, whereNamed(entry));
      toolPackages.push({ entry, module });
    } catch (error) {
      issues.push(pluginIssue(config, whereNamedSegments(entry), error));
    }
  }
  // Packages that give workspaces are checked first: the others are checked against those workspaces.
  const givesWorkspaces = ({ module }: { module: ToolPackageModule }): number =>
    module.declaredWorkspaceFor === undefined ? 1 : 0;
  for (const { entry, module } of toolPackages.sort((a, b) => givesWorkspaces(a) - givesWorkspaces(b))) {
    try {
      const checked = await checkToolPackage(config, entry, module, declaredWorkspaceFor, (request) =>
        loader.loadNamedPackage(request),
      );
      issues.push(...checked.issues);
      notes.push(...checked.notes);
      warnings.push(...checked.warnings);
      const { settings } = checked;
      if (settings !== undefined && module.declaredWorkspaceFor !== undefined)
        declaredWorkspaces.push((agentId) => module.declaredWorkspaceFor?.(settings, agentId, config.baseDir));
    } catch (error) {
      issues.push(pluginIssue(config, whereNamedSegments(entry), error));
    }
  }
  for (const [index, agent] of config.agents.entries()) {
    if (options.backends?.[agent.id] !== undefined) continue;
    agentsChecked += 1;
    const backend = [...agentSegments(config, index), 'backend'];
    let module;
    try {
      ({ module } = await loader.loadBackend(agent.backend.type, agent.backend.package));
    } catch (error) {
      issues.push(pluginIssue(config, [...backend, agent.backend.package === undefined ? 'type' : 'package'], error));
      continue;
    }
    const missingKey = findMissingApiKey(config, agent, module);
    if (missingKey !== undefined) {
      const located = configIssueAt(config, backend, describeMissingApiKey(missingKey));
      missingApiKeys.push(located);
      warnings.push({ code: 'missing-api-key', ...located, agentId: agent.id });
    }
    const checked = checkBackendOptions(config, index, module);
    issues.push(...checked.issues);
    warnings.push(...checked.warnings);
    if (checked.issues.length > 0) continue;
    try {
      // Created as a run creates it, so its own checks (a missing model) speak here too; keys
      // are read at the first call, so nothing is contacted. The workspace is the one a tool
      // package declares: a run creates it only after every check has passed.
      const workspace = declaredWorkspaceFor(agent.id);
      module.createBackend(
        backendSettings(
          config,
          agent,
          checked,
          (warning) => warnings.push(locateBackendFinding(config, backend, warning, agent.id)),
          workspace,
        ),
      );
    } catch (error) {
      issues.push(...creationIssues(config, backend, error));
    }
  }
  // A model chosen for an agent builds on its backend: one that failed its own checks is not checked again.
  const failedBackends = new Set(
    config.agents
      .filter((_, index) => {
        const backend = formatKeyPath([...agentSegments(config, index), 'backend']);
        return issues.some((issue) => issue.path === backend || issue.path.startsWith(`${backend}.`));
      })
      .map((agent) => agent.id),
  );
  issues.push(...(await checkStrategyModels(config, loader, strategyModels, failedBackends)));
  return { issues: inFileOrder(dropRepeats(issues)), warnings, missingApiKeys, agentsChecked, notes };
}

/**
 * Throws what a run stops with before anything starts: the `ConfigError` of the problems
 * preflight found, or, when no agent has its API key, a `BACKEND_MISSING_KEY` error naming each
 * agent's variables (a team where only some lack a key runs, and those agents fail alone).
 */
export function assertPreflight(config: MassGenConfig, result: PreflightResult): void {
  if (result.issues.length > 0) {
    throw new ConfigError({ ...(config.file === undefined ? {} : { file: config.file }), issues: result.issues });
  }
  if (result.agentsChecked > 0 && result.missingApiKeys.length === result.agentsChecked) {
    const lines = result.missingApiKeys.map((issue) => `  - ${formatConfigIssue(issue)}`);
    const where = config.file === undefined ? '' : ` (${config.file})`;
    throw new MassGenError({
      code: 'BACKEND_MISSING_KEY',
      message: [`No agent has an API key${where}, so none could answer:`, ...lines].join('\n'),
    });
  }
}

/** A plugin that cannot be loaded, reported at the key that asks for it. */
function pluginIssue(config: MassGenConfig, segments: KeySegment[], error: unknown): ConfigIssue {
  if (!MassGenError.isInstance(error) || !/^PLUGIN_/.test(error.code)) throw error;
  return configIssueAt(config, segments, error.message);
}

/**
 * A backend that refused its settings when created: its `ConfigError` issues are relative to
 * the agent's block (`backend.model`), and are moved to their place in the file.
 */
function creationIssues(config: MassGenConfig, backend: KeySegment[], error: unknown): ConfigIssue[] {
  if (error instanceof ConfigError || (MassGenError.isInstance(error) && error.code === 'CONFIG_INVALID')) {
    const found = error instanceof ConfigError ? error.issues : [];
    if (found.length === 0) return [configIssueAt(config, backend, error.message)];
    return found.map((issue) => configIssueAt(config, rebaseKeyPath(backend, issue.path), issue.message));
  }
  throw error;
}

function locateBackendFinding(
  config: MassGenConfig,
  backend: KeySegment[],
  warning: Warning,
  agentId: string,
): Warning {
  if (warning.path === undefined) return { ...warning, agentId };
  const located = configIssueAt(config, rebaseKeyPath(backend, warning.path), warning.message);
  return {
    ...warning,
    agentId,
    path: located.path,
    ...(located.line === undefined ? {} : { line: located.line }),
    ...(located.items === undefined ? {} : { items: located.items }),
  };
}

/** Where the configuration chose its strategy, or the top of the file when it took the default. */
function strategySegments(config: MassGenConfig): KeySegment[] {
  for (const key of ['strategy', 'workflow']) {
    if (config.lines[`orchestrator.${key}`] !== undefined) return ['orchestrator', key];
  }
  return [];
}

/** One issue per key path and message: a problem found two ways is reported once. */
function dropRepeats(issues: readonly ConfigIssue[]): ConfigIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function inFileOrder(issues: readonly ConfigIssue[]): ConfigIssue[] {
  return [...issues].sort((first, second) => (first.line ?? 0) - (second.line ?? 0));
}
