import type {
  AgentWorkspace,
  ConfigIssue,
  NamedPackageLoader,
  OptionsSchema,
  ToolPackageModule,
  ToolPackageSettings,
  ToolSettingsCheckContext,
  Warning,
} from '@massgen/core';
import { checkToolSettings, configIssueAt, formatKeyPath, settingSegments } from '@massgen/config';
import type { KeySegment, MassGenConfig, ToolPackageConfig, ToolSettingsSource } from '@massgen/config';

/**
 * Checks a tool package's settings with the package's own schemas, as a backend's options are
 * checked with its: every problem is reported at its key path and line in the file. A package
 * without a schema for a part gets that part as written.
 */
export function parseToolPackageSettings(
  config: MassGenConfig,
  entry: ToolPackageConfig,
  module: ToolPackageModule,
): { settings: ToolPackageSettings; issues: ConfigIssue[] } {
  const issues: ConfigIssue[] = [];
  const parse = (schema: OptionsSchema | undefined, source: ToolSettingsSource): unknown => {
    if (schema === undefined) return source.settings;
    const result = checkToolSettings(schema, source, config);
    if (result.success) return result.data;
    issues.push(...result.issues);
    return undefined;
  };
  const run = entry.run === undefined ? undefined : parse(module.runSettingsSchema, entry.run);
  const agents = entry.agents.map((source) => ({
    agentId: source.agentId,
    settings: parse(module.agentSettingsSchema, source),
  }));
  return { settings: { run, agents }, issues };
}

/** Where a setting of the package is written, for its messages; a key it was not given points at where it would go. */
export function toolSettingSegments(
  config: MassGenConfig,
  entry: ToolPackageConfig,
  setting: { agentId?: string; key: string | ReadonlyArray<string | number> },
): KeySegment[] {
  const key = typeof setting.key === 'string' ? [setting.key] : [...setting.key];
  const source =
    setting.agentId === undefined ? entry.run : entry.agents.find((agent) => agent.agentId === setting.agentId);
  if (source !== undefined) return settingSegments(source, key);
  if (setting.agentId === undefined) return ['tools', entry.name, ...key];
  const index = config.agents.findIndex((agent) => agent.id === setting.agentId);
  return [...(config.singleAgent ? ['agent'] : ['agents', index]), 'backend', ...key];
}

/** The key path of a setting of the package, as a string. */
export function toolSettingKeyPath(
  config: MassGenConfig,
  entry: ToolPackageConfig,
  setting: { agentId?: string; key: string | ReadonlyArray<string | number> },
): string {
  return formatKeyPath(toolSettingSegments(config, entry, setting));
}

/**
 * Every problem a run would stop on in one tool package's part of the configuration: what its
 * schemas reject, then what its own `checkSettings` finds, with the notes it gives. Nothing is
 * started. The settings come back when the schemas accept them and the run needs the package.
 */
export async function checkToolPackage(
  config: MassGenConfig,
  entry: ToolPackageConfig,
  module: ToolPackageModule,
  declaredWorkspaceFor?: (agentId: string) => AgentWorkspace | undefined,
  loadPackage?: NamedPackageLoader,
): Promise<{ issues: ConfigIssue[]; notes: string[]; warnings: Warning[]; settings?: ToolPackageSettings }> {
  const { settings, issues } = parseToolPackageSettings(config, entry, module);
  if (issues.length > 0) return { issues, notes: [], warnings: [] };
  if (module.isActive !== undefined && !module.isActive(settings)) return { issues: [], notes: [], warnings: [] };
  const notes: string[] = [];
  const warnings: Warning[] = [];
  const context: ToolSettingsCheckContext = {
    settings,
    baseDir: config.baseDir,
    env: config.env,
    ...(config.file === undefined ? {} : { file: config.file }),
    ...(declaredWorkspaceFor === undefined ? {} : { declaredWorkspaceFor }),
    ...(loadPackage === undefined ? {} : { loadPackage }),
    issueAt: (setting, message) => configIssueAt(config, toolSettingSegments(config, entry, setting), message),
    note: (message) => notes.push(message),
    warnAt: (setting, warning) => {
      const { path, line } = configIssueAt(config, toolSettingSegments(config, entry, setting), warning.message);
      warnings.push({
        ...warning,
        path,
        ...(line === undefined ? {} : { line }),
        ...(setting.agentId === undefined ? {} : { agentId: setting.agentId }),
      });
    },
  };
  return { issues: (await module.checkSettings?.(context)) ?? [], notes, warnings, settings };
}

/** Where the configuration names the package, for a message about a missing one. */
export function whereNamedSegments(entry: ToolPackageConfig): KeySegment[] {
  const source = entry.run ?? entry.agents[0];
  if (source === undefined) return ['tools', entry.name];
  const [first] = Object.keys(source.settings);
  return first === undefined || source.segments.at(-2) === 'tools'
    ? [...source.segments]
    : settingSegments(source, [first]);
}

/** `whereNamedSegments` as a key path. */
export function whereNamed(entry: ToolPackageConfig): string {
  return formatKeyPath(whereNamedSegments(entry));
}
