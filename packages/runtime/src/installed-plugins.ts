import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import type { PluginLoader } from './plugin-loader.js';

export type PluginKind = 'backend' | 'strategy' | 'tools' | 'mcp';

/** A plugin package the loader would use, as `massgen plugins` lists it. */
export interface InstalledPlugin {
  packageName: string;
  version: string;
  kind: PluginKind;
  /** The names a configuration uses it by: backend types (with aliases), a strategy name, a tool package or MCP integration name. */
  serves: string[];
  directory: string;
  /** The search path it was found from (the user's project, or the app's own directory). */
  foundFrom: string;
  /** Why it cannot be used, when its exports are not a v1 plugin's. */
  problem?: string;
}

const pluginName =
  /^(?:@massgen\/(?:backend|strategy|tools|mcp)-|massgen-(?:backend|strategy|tools|mcp)-|@massgen\/(?:mcp|workspace)$)/;

/** The tool packages MassGen ships under names without the `tools-` prefix, by the name a configuration uses. */
const builtInToolPackages: Readonly<Record<string, string>> = {
  '@massgen/mcp': 'mcp',
  '@massgen/workspace': 'workspace',
};

/**
 * Every plugin package visible from the loader's search paths, found the way Node resolves them
 * (each directory's node_modules, then its parents'). A package found from two places is listed
 * once, from where the loader takes it. Plugins are named `@massgen/backend-*`,
 * `massgen-backend-*` (or `strategy`, or `tools`), or carry the `massgen-plugin` keyword.
 */
export async function listInstalledPlugins(
  loader: PluginLoader,
  searchPaths: readonly string[],
): Promise<InstalledPlugin[]> {
  const found = new Map<string, { directory: string; foundFrom: string; version: string }>();
  for (const searchPath of searchPaths) {
    for (const modules of nodeModulesFrom(searchPath)) {
      for (const directory of packageDirectories(modules)) {
        const manifest = readManifest(directory);
        if (manifest === undefined || found.has(manifest.name)) continue;
        if (!pluginName.test(manifest.name) && !manifest.keywords.includes('massgen-plugin')) continue;
        found.set(manifest.name, { directory, foundFrom: searchPath, version: manifest.version });
      }
    }
  }
  const plugins = await Promise.all(
    [...found].map(async ([packageName, place]) => describePlugin(loader, packageName, place)),
  );
  return plugins
    .filter((plugin): plugin is InstalledPlugin => plugin !== undefined)
    .sort(
      (first, second) => first.kind.localeCompare(second.kind) || first.packageName.localeCompare(second.packageName),
    );
}

async function describePlugin(
  loader: PluginLoader,
  packageName: string,
  place: { directory: string; foundFrom: string; version: string },
): Promise<InstalledPlugin | undefined> {
  const base = { packageName, version: place.version, directory: place.directory, foundFrom: place.foundFrom };
  const kind: PluginKind = /^(@massgen\/|massgen-)strategy-/.test(packageName)
    ? 'strategy'
    : packageName in builtInToolPackages || /^(@massgen\/|massgen-)tools-/.test(packageName)
      ? 'tools'
      : /^(@massgen\/|massgen-)mcp-/.test(packageName)
        ? 'mcp'
        : 'backend';
  try {
    if (kind === 'strategy') {
      await loader.loadStrategy(packageName);
      return { ...base, kind, serves: [nameAfterPrefix(packageName)] };
    }
    if (kind === 'tools') {
      const name = builtInToolPackages[packageName] ?? nameAfterPrefix(packageName);
      await loader.loadToolPackage(name, packageName);
      return { ...base, kind, serves: [name] };
    }
    if (kind === 'mcp') {
      const name = nameAfterPrefix(packageName);
      await loader.loadNamedPackage({ kind, name, package: packageName, factory: 'createServer' });
      return { ...base, kind, serves: [name] };
    }
    const { module } = await loader.loadBackend(nameAfterPrefix(packageName), packageName);
    return { ...base, kind, serves: servedTypes(module, packageName) };
  } catch (error) {
    // MassGen's own libraries share the naming (`@massgen/backend-utils`) without being plugins.
    if (packageName.startsWith('@massgen/') && isNotAPlugin(error)) return undefined;
    const problem = error instanceof Error ? error.message : String(error);
    return { ...base, kind, serves: [], problem };
  }
}

function isNotAPlugin(error: unknown): boolean {
  return MassGenError.isInstance(error) && error.details?.['specificationVersion'] === null;
}

/** The backend types a module declares in its metadata (each with its aliases), else the one its name implies. */
function servedTypes(module: object, packageName: string): string[] {
  const types = (module as { metadata?: { types?: Array<{ type: string; aliases?: readonly string[] }> } }).metadata
    ?.types;
  if (types === undefined || types.length === 0) return [nameAfterPrefix(packageName)];
  return types.map((entry) =>
    entry.aliases === undefined || entry.aliases.length === 0
      ? entry.type
      : `${entry.type} (${entry.aliases.join(', ')})`,
  );
}

/** `@massgen/backend-claude-code` → `claude-code`; `massgen-strategy-x`, `@massgen/mcp-x` → `x`; a package of another name as is. */
function nameAfterPrefix(packageName: string): string {
  return packageName.replace(/^(?:@massgen\/|massgen-)(?:backend|strategy|tools|mcp)-/, '');
}

function* nodeModulesFrom(start: string): Generator<string> {
  let directory = path.resolve(start);
  for (;;) {
    const modules = path.join(directory, 'node_modules');
    if (existsSync(modules)) yield modules;
    const parent = path.dirname(directory);
    if (parent === directory) return;
    directory = parent;
  }
}

function packageDirectories(modules: string): string[] {
  const directories: string[] = [];
  for (const entry of safeReaddir(modules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      for (const scoped of safeReaddir(path.join(modules, entry))) directories.push(path.join(modules, entry, scoped));
    } else {
      directories.push(path.join(modules, entry));
    }
  }
  return directories;
}

function safeReaddir(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}

function readManifest(directory: string): { name: string; version: string; keywords: string[] } | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as {
      name?: unknown;
      version?: unknown;
      keywords?: unknown;
    };
    if (typeof manifest.name !== 'string') return undefined;
    return {
      name: manifest.name,
      version: typeof manifest.version === 'string' ? manifest.version : '',
      keywords: Array.isArray(manifest.keywords) ? manifest.keywords.filter((word) => typeof word === 'string') : [],
    };
  } catch {
    return undefined;
  }
}
