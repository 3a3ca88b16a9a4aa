import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readManifest(directory: string): Manifest {
  return JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as Manifest;
}

/** Where `name` resolves from `directory`, walking up through node_modules as Node does. */
function resolvePackageDirectory(name: string, from: string): string | undefined {
  for (let directory = from; ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, 'node_modules', ...name.split('/'));
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(directory) === directory) return undefined;
  }
}

/**
 * Every package a user installs along with the given installed packages: their production
 * dependencies, followed transitively through the real node_modules layout.
 */
export function productionClosure(packageDirectories: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visitedDirectories = new Set<string>();
  const queue = packageDirectories.map((directory) => realpathSync(directory));
  while (queue.length > 0) {
    const directory = queue.pop() as string;
    if (visitedDirectories.has(directory)) continue;
    visitedDirectories.add(directory);
    const manifest = readManifest(directory);
    seen.add(manifest.name);
    for (const name of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      const resolved = resolvePackageDirectory(name, directory);
      if (resolved !== undefined) queue.push(resolved);
    }
  }
  return seen;
}
