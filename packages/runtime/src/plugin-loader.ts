import { pathToFileURL } from 'node:url';
import { MassGenError } from '@massgen/core';
import type { BackendModule, NamedPackageRequest, StrategyModule, ToolPackageModule } from '@massgen/core';
import {
  missingBackendMessage,
  missingNamedPackageMessage,
  missingStrategyMessage,
  missingToolPackageMessage,
} from './missing-plugin.js';
import { resolvePackageEntry } from './package-resolver.js';
import {
  backendPackageCandidates,
  namedPackageCandidates,
  strategyPackageCandidates,
  toolPackageCandidates,
} from './plugin-names.js';

export interface PluginLoaderOptions {
  /**
   * Directories to resolve plugin packages from, in order: the user's project (the working
   * directory) first, then the app that bundles the default plugins.
   */
  searchPaths: readonly string[];
  /** Export conditions to honour besides `import` and `node`; tests add `@massgen/source`. */
  conditions?: readonly string[];
}

/** Loads backend and strategy packages by name, once each, and checks their exports. */
export class PluginLoader {
  private readonly cache = new Map<string, Promise<unknown>>();
  private readonly conditions: readonly string[];

  constructor(private readonly options: PluginLoaderOptions) {
    this.conditions = [...(options.conditions ?? []), 'import', 'node'];
  }

  async loadBackend(type: string, explicitPackage?: string): Promise<{ packageName: string; module: BackendModule }> {
    const candidates = backendPackageCandidates(type, explicitPackage);
    const found = await this.loadFirst(candidates, () => missingBackendMessage(type, explicitPackage, this.options));
    assertModuleShape(found.packageName, found.module, 'createBackend');
    return { packageName: found.packageName, module: found.module as unknown as BackendModule };
  }

  async loadStrategy(name: string): Promise<{ packageName: string; module: StrategyModule }> {
    const candidates = strategyPackageCandidates(name);
    const found = await this.loadFirst(candidates, () => missingStrategyMessage(name, this.options));
    assertModuleShape(found.packageName, found.module, 'createStrategy');
    return { packageName: found.packageName, module: found.module as unknown as StrategyModule };
  }

  /** Loads a tool package by the name the configuration gives it; `namedBy` says where, for messages. */
  async loadToolPackage(
    name: string,
    explicitPackage?: string,
    namedBy?: string,
  ): Promise<{ packageName: string; module: ToolPackageModule }> {
    const candidates = toolPackageCandidates(name, explicitPackage);
    const found = await this.loadFirst(candidates, () =>
      missingToolPackageMessage(name, explicitPackage, namedBy, this.options),
    );
    assertModuleShape(found.packageName, found.module, 'createToolSource');
    return { packageName: found.packageName, module: found.module as unknown as ToolPackageModule };
  }

  /** Loads a package a tool package's settings name (an MCP integration), by the same rules. */
  async loadNamedPackage(
    request: NamedPackageRequest,
  ): Promise<{ packageName: string; module: Record<string, unknown> }> {
    const candidates = namedPackageCandidates(request.kind, request.name, request.package);
    const found = await this.loadFirst(candidates, () => missingNamedPackageMessage(request, this.options));
    assertModuleShape(found.packageName, found.module, request.factory);
    return found;
  }

  /** Whether a package for the tool package name is installed, without loading it. */
  findToolPackage(name: string, explicitPackage?: string): string | undefined {
    return toolPackageCandidates(name, explicitPackage).find(
      (candidate) => resolvePackageEntry(candidate, this.options.searchPaths, this.conditions) !== undefined,
    );
  }

  /** Whether a package for the backend type is installed, without loading it. */
  findBackendPackage(type: string, explicitPackage?: string): string | undefined {
    return backendPackageCandidates(type, explicitPackage).find(
      (name) => resolvePackageEntry(name, this.options.searchPaths, this.conditions) !== undefined,
    );
  }

  /** What `loadBackend` says when no package serves the type: why, and how to add one. */
  describeMissingBackend(type: string, explicitPackage?: string): string {
    return missingBackendMessage(type, explicitPackage, this.options);
  }

  private async loadFirst(
    candidates: string[],
    missing: () => string,
  ): Promise<{ packageName: string; module: Record<string, unknown> }> {
    for (const packageName of candidates) {
      const entry = resolvePackageEntry(packageName, this.options.searchPaths, this.conditions);
      if (entry === undefined) continue;
      const module = (await this.importOnce(entry, packageName)) as Record<string, unknown>;
      return { packageName, module };
    }
    throw new MassGenError({ code: 'PLUGIN_NOT_FOUND', message: missing(), details: { candidates } });
  }

  private importOnce(entry: string, packageName: string): Promise<unknown> {
    let pending = this.cache.get(entry);
    if (pending === undefined) {
      pending = import(pathToFileURL(entry).href).catch((error: unknown) => {
        throw new MassGenError({
          code: 'PLUGIN_INVALID',
          message: `Package "${packageName}" could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
          cause: error,
        });
      });
      this.cache.set(entry, pending);
    }
    return pending;
  }
}

function assertModuleShape(packageName: string, module: Record<string, unknown>, factory: string): void {
  const version = module['specificationVersion'];
  if (version !== 'v1') {
    throw new MassGenError({
      code: 'PLUGIN_INVALID',
      message:
        version === undefined
          ? `Package "${packageName}" is not a MassGen plugin: it does not export specificationVersion.`
          : `Package "${packageName}" implements specification ${JSON.stringify(version)}, but this MassGen supports "v1". Upgrade one of them.`,
      details: { packageName, specificationVersion: version ?? null },
    });
  }
  if (typeof module[factory] !== 'function') {
    throw new MassGenError({
      code: 'PLUGIN_INVALID',
      message: `Package "${packageName}" declares specification v1 but does not export a ${factory}() function.`,
    });
  }
}
