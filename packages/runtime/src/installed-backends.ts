import { readdirSync } from 'node:fs';
import path from 'node:path';
import { backendCatalog, type BackendCatalogEntry } from '@massgen/config';
import type { PluginLoader } from './plugin-loader.js';

function directoryEntries(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    return [];
  }
}

/** The `node_modules` directories Node would search from `start`, nearest first. */
function nodeModulesDirectories(start: string): string[] {
  const found: string[] = [];
  for (let directory = path.resolve(start); ; directory = path.dirname(directory)) {
    found.push(path.join(directory, 'node_modules'));
    if (path.dirname(directory) === directory) return found;
  }
}

/**
 * Backend packages installed where plugins are resolved from (`massgen-backend-*`, and
 * `@massgen/backend-*` that MassGen does not ship), with the `metadata` each exports: what makes
 * a third-party backend appear in `massgen init` and in `--model` inference with no registration.
 * A package that does not load or has no metadata is left out; running it reports why.
 */
export async function installedBackendCatalog(
  loader: PluginLoader,
  searchPaths: readonly string[],
): Promise<BackendCatalogEntry[]> {
  const firstParty = new Set(backendCatalog.map((entry) => entry.package));
  const names = new Set<string>();
  for (const modules of searchPaths.flatMap(nodeModulesDirectories)) {
    for (const name of directoryEntries(modules)) if (name.startsWith('massgen-backend-')) names.add(name);
    for (const name of directoryEntries(path.join(modules, '@massgen')))
      if (name.startsWith('backend-')) names.add(`@massgen/${name}`);
  }
  const entries: BackendCatalogEntry[] = [];
  for (const name of [...names].sort()) {
    if (firstParty.has(name)) continue;
    try {
      const { module } = await loader.loadBackend(name, name);
      if (module.metadata !== undefined) entries.push({ package: name, ...module.metadata });
    } catch {
      // Not a loadable backend; a configuration that names it gets the loader's own message.
    }
  }
  return entries;
}
