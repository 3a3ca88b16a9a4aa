import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';
import type { AgentWorkspace, ToolPackageSettings, WorkspaceRoot } from '@massgen/core';
import { nonEmptyText, positiveNumber, resolveConfigPath } from '@massgen/config/internal';
import { realPathOrResolved } from '@massgen/process-containment';
import { commandExecutionKeysSchema, commandExecutionSwitch } from './command-execution-settings.js';
import { contextPathSchema, normalizeContextPaths } from './context-paths-settings.js';
import { defaultSnapshotLimits } from './snapshot-store.js';
import type { SnapshotLimits } from './snapshot-store.js';

/**
 * What an agent's configuration gives this package: keys of its `backend` block (`cwd` may also
 * be written beside `backend`, as the seed does once).
 */
export const workspaceAgentSettingsSchema = z.object({
  cwd: nonEmptyText('a directory')
    .nullish()
    .describe("The agent's workspace directory, relative to this file. The agent gets file tools confined to it."),
  context_paths: z
    .array(contextPathSchema)
    .nullish()
    .describe('Files or directories outside the workspace that the agent may read (or the winner may write).'),
  ...commandExecutionKeysSchema.shape,
});

/** The run-wide part: keys of `orchestrator`. */
export const workspaceRunSettingsSchema = z.object({
  context_paths: z.array(contextPathSchema).nullish().describe('Context paths shared by every agent.'),
  snapshot_storage: nonEmptyText('a directory')
    .nullish()
    .describe('Directory where snapshots of each answer’s workspace are kept.'),
  snapshot_max_file_mb: positiveNumber()
    .nullish()
    .describe(
      'Files larger than this many MiB (50 by default) are left out of snapshots, with a warning; copy_file refuses them.',
    ),
  snapshot_max_total_mb: positiveNumber()
    .nullish()
    .describe('A snapshot holds at most this many MiB (500 by default); files past it are left out, with a warning.'),
  agent_temporary_workspace: nonEmptyText('a directory')
    .nullish()
    .describe('Directory under which agents without a `cwd` get a workspace.'),
});

export type WorkspaceAgentSettings = z.output<typeof workspaceAgentSettingsSchema>;
export type WorkspaceRunSettings = z.output<typeof workspaceRunSettingsSchema>;
export type WorkspaceSettings = ToolPackageSettings<WorkspaceAgentSettings, WorkspaceRunSettings>;

/** Whether an agent has anything on disk: its own workspace or a context path. */
export function hasFiles(settings: WorkspaceSettings): boolean {
  return (
    (settings.run?.context_paths?.length ?? 0) > 0 ||
    settings.agents.some(({ settings: agent }) => agent.cwd != null || (agent.context_paths?.length ?? 0) > 0)
  );
}

/**
 * A run needs this package when an agent has a workspace or a context path, or asks for command
 * execution (which is then off, with a warning, if the agent has no workspace).
 */
export function isWorkspaceActive(settings: WorkspaceSettings): boolean {
  return (
    hasFiles(settings) || settings.agents.some(({ settings: agent }) => commandExecutionSwitch(agent) !== undefined)
  );
}

/** `snapshot_max_file_mb` and `snapshot_max_total_mb` in bytes, with the defaults for what is not written. */
export function snapshotLimitsOf(run: WorkspaceRunSettings | undefined): SnapshotLimits {
  return {
    maxFileBytes: mebibytes(run?.snapshot_max_file_mb) ?? defaultSnapshotLimits.maxFileBytes,
    maxSnapshotBytes: mebibytes(run?.snapshot_max_total_mb) ?? defaultSnapshotLimits.maxSnapshotBytes,
  };
}

function mebibytes(size: number | null | undefined): number | undefined {
  return size == null ? undefined : Math.round(size * 1024 * 1024);
}

/** Where a `cwd` that passed `checkWorkspaceDirectories` is made: relative ones under this run's directory. */
export function workspacePath(written: string, temporaryRoot: string, runId: string): string {
  if (written === '~' || written.startsWith('~/')) return path.join(os.homedir(), written.slice(1));
  if (path.isAbsolute(written)) return path.resolve(written);
  return path.join(temporaryRoot, runId, path.normalize(written));
}

/** Stands for the run's id before there is a run: no path written in a file lies inside it. */
const nextRunId = '<run id>';

/**
 * The workspace an agent's `cwd` asks for, from the settings alone, where the run will make it,
 * with the context paths it will have (readable: only the presenting winner may write one);
 * nothing is created, so the checks before a run see what the run will.
 */
export function declaredWorkspace(
  settings: WorkspaceSettings,
  agentId: string,
  baseDir: string,
): AgentWorkspace | undefined {
  const own = settings.agents.find((agent) => agent.agentId === agentId)?.settings;
  const cwd = own?.cwd;
  if (cwd == null) return undefined;
  const root = settings.run?.agent_temporary_workspace;
  const temporaryRoot = root == null ? path.join(baseDir, '.massgen', 'workspaces') : resolveConfigPath(root, baseDir);
  const directory = workspacePath(cwd, temporaryRoot, nextRunId);
  const contextPaths = [
    ...normalizeContextPaths(settings.run?.context_paths, baseDir),
    ...normalizeContextPaths(own?.context_paths, baseDir),
  ];
  const roots: WorkspaceRoot[] = [
    ...contextPaths.map((contextPath): WorkspaceRoot => ({
      path: realPathOrResolved(contextPath.path),
      access: 'read',
    })),
    { path: directory, access: 'write' },
  ];
  return { directory, roots: () => roots, protectedPaths: () => [] };
}
