import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Finds an installed package's entry module by walking `node_modules` up from each base
 * directory, the way Node does. We resolve by hand rather than through this package's own
 * `import()` because pnpm's strict layout hides from the runtime whatever it does not depend on:
 * plugins live in the user's project or beside the app that bundles the defaults.
 */
export function resolvePackageEntry(
  packageName: string,
  baseDirectories: readonly string[],
  conditions: readonly string[],
): string | undefined {
  for (const base of baseDirectories) {
    const packageDirectory = findPackageDirectory(packageName, base);
    if (packageDirectory === undefined) continue;
    const entry = entryFromManifest(packageDirectory, conditions);
    if (entry !== undefined) return entry;
  }
  return undefined;
}

function findPackageDirectory(packageName: string, start: string): string | undefined {
  let directory = path.resolve(start);
  for (;;) {
    const candidate = path.join(directory, 'node_modules', ...packageName.split('/'));
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

type ExportTarget = string | null | ExportConditions | ExportTarget[];
interface ExportConditions {
  [condition: string]: ExportTarget;
}

function entryFromManifest(packageDirectory: string, conditions: readonly string[]): string | undefined {
  const manifest = JSON.parse(readFileSync(path.join(packageDirectory, 'package.json'), 'utf8')) as {
    exports?: ExportTarget | Record<string, ExportTarget>;
    module?: string;
    main?: string;
  };
  const rootExport = rootExportOf(manifest.exports);
  const target =
    rootExport === undefined ? (manifest.module ?? manifest.main ?? 'index.js') : pickTarget(rootExport, conditions);
  if (target === undefined) return undefined;
  const file = path.resolve(packageDirectory, target);
  return existsSync(file) ? file : undefined;
}

function rootExportOf(exports: ExportTarget | Record<string, ExportTarget> | undefined): ExportTarget | undefined {
  if (exports === undefined || exports === null) return undefined;
  if (typeof exports === 'string' || Array.isArray(exports)) return exports;
  const keys = Object.keys(exports);
  if (keys.some((key) => key.startsWith('.'))) return (exports as Record<string, ExportTarget>)['.'];
  return exports;
}

function pickTarget(target: ExportTarget, conditions: readonly string[]): string | undefined {
  if (target === null) return undefined;
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) {
    for (const item of target) {
      const picked = pickTarget(item, conditions);
      if (picked !== undefined) return picked;
    }
    return undefined;
  }
  for (const [condition, value] of Object.entries(target)) {
    if (condition === 'default' || conditions.includes(condition)) {
      const picked = pickTarget(value, conditions);
      if (picked !== undefined) return picked;
    }
  }
  return undefined;
}
