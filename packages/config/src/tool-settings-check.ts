import type { z } from 'zod';
import type { ConfigIssue, OptionsIssue, OptionsSchema } from '@massgen/core';
import type { PathIssue } from './findings.js';
import { configIssueAt } from './issue-location.js';
import type { KeyLocations } from './issue-location.js';
import { formatKeyPath } from './key-path.js';
import type { KeySegment } from './key-path.js';
import { isSecretKeyPath } from './secret-paths.js';
import type { ToolSettingsSource } from './tool-package-config.js';
import { describeExpectation, toPathIssues } from './zod-issues.js';

/** Where a key of a tool package's settings is written, as key path segments. */
export function settingSegments(source: ToolSettingsSource, path: readonly KeySegment[]): KeySegment[] {
  const [first, ...rest] = path;
  const moved = typeof first === 'string' ? source.keySegments?.[first] : undefined;
  if (moved !== undefined) return [...moved, ...rest];
  return [...source.segments, ...path];
}

/** The key path of one setting in the file: `agents[1].backend.cwd`, or `agent.cwd` where the seed put it. */
export function settingKeyPath(source: ToolSettingsSource, key: string): string {
  return formatKeyPath(settingSegments(source, [key]));
}

/**
 * Checks a tool package's settings with the package's schema, worded as the loader words its
 * own findings: each problem at its key path in the file, its line and the list items it is in, a zod schema's issues
 * with what was expected and what was found (never the value of a secret).
 */
export function checkToolSettings(
  schema: OptionsSchema,
  source: ToolSettingsSource,
  locations: KeyLocations,
): { success: true; data: unknown } | { success: false; issues: ConfigIssue[] } {
  // A zod schema takes the loader's error map and reports the received values; others ignore the argument.
  const safeParse: (input: unknown, params?: object) => ReturnType<typeof schema.safeParse> =
    schema.safeParse.bind(schema);
  const result = safeParse(source.settings, { reportInput: true, error: describeExpectation });
  if (result.success) return { success: true, data: result.data };
  const found: PathIssue[] = isZodIssues(result.error.issues)
    ? toPathIssues(result.error.issues, (segments) => {
        const located = settingSegments(source, segments);
        return isSecretKeyPath(located) || (source.environmentPaths ?? []).includes(formatKeyPath(located));
      })
    : result.error.issues.map((issue) => ({ segments: issue.path.map(toSegment), message: issue.message }));
  return {
    success: false,
    issues: found.map((issue) => configIssueAt(locations, settingSegments(source, issue.segments), issue.message)),
  };
}

function isZodIssues(issues: ReadonlyArray<OptionsIssue>): issues is z.core.$ZodIssue[] {
  return issues.every((issue) => typeof (issue as { code?: unknown }).code === 'string');
}

function toSegment(key: PropertyKey): KeySegment {
  return typeof key === 'number' ? key : String(key);
}
