import { z } from 'zod';
import { choiceOf, nonEmptyText, resolveConfigPath } from '@massgen/config/internal';

/** A path an agent may read, and the winner may write when `access` is `write`. */
export interface ContextPath {
  /** Absolute path, resolved against the configuration file's directory. */
  path: string;
  access: 'read' | 'write';
  /** Absolute paths inside `path` that nobody may write (upstream's `protected_paths`). */
  protectedPaths: string[];
}

const accessLevel = choiceOf(['read', 'write']);

/**
 * A shared path: `{path, access}` in the seed format, `{path, permission, protected_paths}`
 * upstream; either word is accepted in either place. Without one, access is `read`.
 */
export const contextPathSchema = z
  .object({
    path: nonEmptyText('a file or directory path').describe('The file or directory, relative to this file.'),
    access: accessLevel.nullish().describe('`read` (the default) or `write` (only the presenting winner writes).'),
    permission: accessLevel.nullish().describe("Upstream's name for `access`."),
    protected_paths: z
      .array(nonEmptyText('a path inside the context path'))
      .nullish()
      .describe('Paths inside `path` that nobody may write.'),
  })
  .superRefine((entry, context) => {
    if (entry.access != null && entry.permission != null && entry.access !== entry.permission) {
      context.addIssue({
        code: 'custom',
        path: ['permission'],
        message: `access is "${entry.access}" but permission is "${entry.permission}"; expected one of the two keys, or the same value in both`,
      });
    }
  });

export type ParsedContextPath = z.output<typeof contextPathSchema>;

/**
 * Context paths with absolute paths. Access is `read` unless `access` or `permission` says
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
