import type { ContextPath } from './config-model.js';
import type { ParsedContextPath } from './backend-schema.js';
import { resolveConfigPath } from './resolve-config-path.js';

/**
 * Context paths in the model's form. Access is `read` unless `access` or `permission` says
 * `write`; protected paths are resolved inside their context path.
 */
export function normalizeContextPaths(
  entries: readonly ParsedContextPath[] | null | undefined,
  baseDir: string,
): ContextPath[] {
  return (entries ?? []).map((entry) => {
    const absolute = resolveConfigPath(entry.path, baseDir);
    return {
      path: absolute,
      access: entry.access ?? entry.permission ?? 'read',
      protectedPaths: (entry.protected_paths ?? []).map((inner) => resolveConfigPath(inner, absolute)),
    };
  });
}
