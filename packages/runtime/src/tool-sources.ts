import { ConfigError } from '@massgen/core';
import type {
  AgentWorkspace,
  AskHuman,
  NamedPackageLoader,
  RunEvent,
  Tool,
  ToolModels,
  ToolPackageModule,
  ToolSource,
  ToolSourceContext,
  ToolSourceEvent,
  Warning,
} from '@massgen/core';
import type { MassGenConfig, ToolPackageConfig } from '@massgen/config';
import type { PluginLoader } from './plugin-loader.js';
import { parseToolPackageSettings, toolSettingKeyPath, whereNamed } from './tool-package-settings.js';

export interface ToolSourceRun {
  runId: string;
  cwd: string;
  signal: AbortSignal;
  warn: (warning: Warning) => void;
  /** The workspaces the packages opened so far give agents. */
  workspaceFor?: (agentId: string) => AgentWorkspace | undefined;
  /** Loads a package the settings name (an MCP integration). */
  loadPackage?: NamedPackageLoader;
  /** The models tools may call on an agent's behalf (see `createToolModels`). */
  models?: ToolModels;
  /** Puts an agent's question to the person watching the run (`RunOptions.askHuman`). */
  askHuman?: AskHuman;
  /** Adds a package's event to the run's stream (see `ToolSourceContext.publish`). */
  publish?: (event: ToolSourceEvent) => void;
  /** The record's events, when the run is resumed (see `ToolSourceContext.resumedEvents`). */
  resumedEvents?: readonly RunEvent[];
}

/**
 * What a tool package is given for a run: its settings checked with its schemas (a
 * `ConfigError` naming each key path and line), and where each setting is written. Undefined
 * when the configuration does not name the package.
 */
export function createToolSourceContext(
  module: ToolPackageModule,
  config: MassGenConfig,
  name: string,
  run: ToolSourceRun,
): ToolSourceContext | undefined {
  const entry = config.tools.find((candidate) => candidate.name === name);
  if (entry === undefined) return undefined;
  const { settings, issues } = parseToolPackageSettings(config, entry, module);
  if (issues.length > 0) throw new ConfigError({ ...(config.file === undefined ? {} : { file: config.file }), issues });
  return {
    settings,
    agentIds: config.agents.map((agent) => agent.id),
    runId: run.runId,
    cwd: run.cwd,
    baseDir: config.baseDir,
    env: config.env,
    ...(config.file === undefined ? {} : { file: config.file }),
    locate: (setting) => {
      const path = toolSettingKeyPath(config, entry, setting);
      const line = config.lines[path];
      return line === undefined ? { path } : { path, line };
    },
    workspaceFor: (agentId) => run.workspaceFor?.(agentId),
    ...(run.loadPackage === undefined ? {} : { loadPackage: run.loadPackage }),
    ...(run.models === undefined ? {} : { models: run.models }),
    signal: run.signal,
    warn: run.warn,
    ...(run.askHuman === undefined ? {} : { askHuman: run.askHuman }),
    ...(run.publish === undefined ? {} : { publish: run.publish }),
    ...(run.resumedEvents === undefined ? {} : { resumedEvents: run.resumedEvents }),
  };
}

/**
 * Opens one tool package for a run. Undefined when the configuration does not name the package
 * or the package says the run does not need it.
 */
export async function openToolPackage(
  module: ToolPackageModule,
  config: MassGenConfig,
  name: string,
  run: ToolSourceRun,
): Promise<ToolSource | undefined> {
  const context = createToolSourceContext(module, config, name, run);
  if (context === undefined) return undefined;
  if (module.isActive !== undefined && !module.isActive(context.settings)) return undefined;
  return module.createToolSource(context);
}

/** The tool packages of one run, opened together and closed together. */
export class ToolSources {
  /** Whether any source listens to events, found once: every event of a run asks. */
  private readonly listening: boolean;

  private constructor(private readonly sources: readonly ToolSource[]) {
    this.listening = sources.some((source) => source.onEvent !== undefined);
  }

  /**
   * Loads and opens every tool package the configuration names. If one fails to load or open,
   * those already open are closed before the error propagates, so no child process outlives a
   * failed start.
   */
  static async open(loader: PluginLoader, config: MassGenConfig, run: ToolSourceRun): Promise<ToolSources> {
    if (config.tools.length === 0) return ToolSources.none();
    const sources: ToolSource[] = [];
    try {
      const modules = await Promise.all(
        config.tools.map(async (entry: ToolPackageConfig) => {
          const { module } = await loader.loadToolPackage(entry.name, entry.package, whereNamed(entry));
          return { name: entry.name, module };
        }),
      );
      // Packages that give workspaces open first, so the others can start things in them.
      const givesWorkspaces = modules.filter(({ module }) => module.declaredWorkspaceFor !== undefined);
      const others = modules.filter(({ module }) => module.declaredWorkspaceFor === undefined);
      for (const group of [givesWorkspaces, others]) {
        const results = await Promise.allSettled(
          group.map(({ name, module }) =>
            openToolPackage(module, config, name, {
              ...run,
              workspaceFor: (agentId) => firstWorkspace(sources, agentId),
              loadPackage: (request) => loader.loadNamedPackage(request),
            }),
          ),
        );
        for (const result of results)
          if (result.status === 'fulfilled' && result.value !== undefined) sources.push(result.value);
        const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failure !== undefined) throw failure.reason;
      }
    } catch (error) {
      await new ToolSources(sources).close();
      throw error;
    }
    return new ToolSources(sources);
  }

  static none(): ToolSources {
    return new ToolSources([]);
  }

  /**
   * Every package's tools for the agent. When a package checks calls (`checkToolCall`), each tool
   * asks every such package before it runs, and the first refusal is the call's error result.
   */
  toolsFor(agentId: string): Tool[] {
    const tools = this.sources.flatMap((source) => source.toolsFor?.(agentId) ?? []);
    const checkers = this.sources.filter((source) => source.checkToolCall !== undefined);
    if (checkers.length === 0) return tools;
    return tools.map((tool) => ({
      ...tool,
      execute: (input, context) => {
        for (const source of checkers) {
          const refusal = source.checkToolCall?.({ agentId, tool, input });
          if (refusal !== undefined) return Promise.resolve({ content: refusal, isError: true });
        }
        return tool.execute(input, context);
      },
    }));
  }

  /** What the packages add to the agent's system message, joined; undefined when none adds anything. */
  instructionsFor(agentId: string): string | undefined {
    const parts = this.sources
      .map((source) => source.instructionsFor?.(agentId))
      .filter((part): part is string => part !== undefined && part !== '');
    return parts.length === 0 ? undefined : parts.join('\n\n');
  }

  /** The first workspace a source knows for the agent (only `@massgen/workspace` has one). */
  workspaceFor(agentId: string): AgentWorkspace | undefined {
    return firstWorkspace(this.sources, agentId);
  }

  /** The secrets the open sources learned (see `ToolSource.secrets`). */
  secrets(): string[] {
    return this.sources.flatMap((source) => source.secrets ?? []);
  }

  /** Hands the event to every source that listens; `undefined` when none does, so callers need not wait. */
  onEvent(event: RunEvent): Promise<void> | undefined {
    if (!this.listening) return undefined;
    return (async () => {
      for (const source of this.sources) await source.onEvent?.(event);
    })();
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.sources.map((source) => source.close()));
  }
}

function firstWorkspace(sources: readonly ToolSource[], agentId: string): AgentWorkspace | undefined {
  for (const source of sources) {
    const workspace = source.workspaceFor?.(agentId);
    if (workspace !== undefined) return workspace;
  }
  return undefined;
}
