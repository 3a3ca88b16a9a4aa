import type { AgentWorkspace, RunEvent, RunExtension, Tool, Warning } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import type { PluginLoader } from './plugin-loader.js';

/** An extension package and the configuration feature that needs it. */
export interface ExtensionNeed {
  packageName: string;
  feature: string;
  neededBy: (config: MassGenConfig) => boolean;
}

/** Extension packages and the configuration features that need them. */
const extensionPackages: readonly ExtensionNeed[] = [
  {
    packageName: '@massgen/mcp',
    feature: 'MCP servers (backend.mcp_servers)',
    neededBy: (config) => config.agents.some((agent) => agent.backend.mcpServers.length > 0),
  },
  {
    packageName: '@massgen/workspace',
    feature: 'workspaces and context paths (backend.cwd, context_paths)',
    neededBy: (config) =>
      config.workspace.contextPaths.length > 0 ||
      config.agents.some((agent) => agent.backend.cwd !== undefined || agent.backend.contextPaths.length > 0),
  },
];

/** The extension packages a configuration needs. */
export function neededExtensions(config: MassGenConfig): ExtensionNeed[] {
  return extensionPackages.filter((entry) => entry.neededBy(config));
}

/** The extensions of one run, opened together and closed together. */
export class RunExtensions {
  /** Whether any extension listens to events, found once: every event of a run asks. */
  private readonly listening: boolean;

  private constructor(private readonly extensions: readonly RunExtension[]) {
    this.listening = extensions.some((extension) => extension.onEvent !== undefined);
  }

  /**
   * Opens the extensions the configuration needs. If one fails to open, those already open
   * are closed before the error propagates, so no child process outlives a failed start.
   */
  static async open(
    loader: PluginLoader,
    config: MassGenConfig,
    context: { runId: string; cwd: string; signal: AbortSignal; warn: (warning: Warning) => void },
  ): Promise<RunExtensions> {
    const needed = neededExtensions(config);
    if (needed.length === 0) return RunExtensions.none();
    const opened = await Promise.allSettled(
      needed.map(async (entry) => {
        const module = await loader.loadExtension(entry.packageName, entry.feature);
        return module.createRunExtension({ config, ...context });
      }),
    );
    const extensions = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failure = opened.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure !== undefined) {
      await new RunExtensions(extensions).close();
      throw failure.reason;
    }
    return new RunExtensions(extensions);
  }

  static none(): RunExtensions {
    return new RunExtensions([]);
  }

  toolsFor(agentId: string): Tool[] {
    return this.extensions.flatMap((extension) => extension.toolsFor?.(agentId) ?? []);
  }

  /** The first workspace an extension knows for the agent (only `@massgen/workspace` has one). */
  workspaceFor(agentId: string): AgentWorkspace | undefined {
    for (const extension of this.extensions) {
      const workspace = extension.workspaceFor?.(agentId);
      if (workspace !== undefined) return workspace;
    }
    return undefined;
  }

  /** Hands the event to every extension that listens; `undefined` when none does, so callers need not wait. */
  onEvent(event: RunEvent): Promise<void> | undefined {
    if (!this.listening) return undefined;
    return (async () => {
      for (const extension of this.extensions) await extension.onEvent?.(event);
    })();
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.extensions.map((extension) => extension.close()));
  }
}
