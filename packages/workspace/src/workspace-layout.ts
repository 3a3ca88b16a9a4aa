import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '@massgen/core';
import type { ConfigIssue, ToolSourceContext, Warning } from '@massgen/core';
import { formatKeyPath } from '@massgen/config';
import { resolveConfigPath } from '@massgen/config/internal';
import { checkWorkspaceDirectories } from './check-workspace-config.js';
import { normalizeContextPaths } from './context-paths-settings.js';
import type { ContextPath } from './context-paths-settings.js';
import { resolveRealPath } from './real-path.js';
import { workspacePath } from './workspace-settings.js';
import type { WorkspaceAgentSettings, WorkspaceRunSettings } from './workspace-settings.js';

/** A context path with its real location, for the sandbox. */
export interface ResolvedContextPath {
  /** The absolute path as configured: how agents name it. */
  configuredPath: string;
  realPath: string;
  access: ContextPath['access'];
  /** Real paths of its protected paths. */
  protectedPaths: string[];
}

export interface AgentLayout {
  agentId: string;
  /** Real path of the agent's workspace; absent when the agent has no `cwd`. */
  workspace?: string;
  /** The shared context paths followed by the agent's own. */
  contextPaths: ResolvedContextPath[];
}

/** Where one run keeps its workspaces and snapshots, with every directory created and real. */
export interface WorkspaceLayout {
  /** Root of relative workspaces (`agent_temporary_workspace`). */
  temporaryRoot: string;
  /** Root of all runs' snapshots (`snapshot_storage`). */
  snapshotRoot: string;
  /** This run's snapshots: `<snapshotRoot>/<runId>`. */
  snapshotDirectory: string;
  agents: AgentLayout[];
}

/**
 * Lays out a run's directories. A relative `cwd` becomes `<agent_temporary_workspace>/<runId>/<cwd>`
 * (default root `.massgen/workspaces` under the configuration's directory), so two runs of one
 * configuration never share a workspace; an absolute `cwd` is used as it is. Snapshots go to
 * `<snapshot_storage>/<runId>` (default `.massgen/snapshots`).
 */
export async function createWorkspaceLayout(
  context: ToolSourceContext<WorkspaceAgentSettings, WorkspaceRunSettings>,
): Promise<WorkspaceLayout> {
  const { settings, baseDir, runId, warn } = context;
  const issues = checkWorkspaceDirectories(settings, ({ agentId, key }, message) => ({
    ...context.locate({ ...(agentId === undefined ? {} : { agentId }), key: formatKeyPath(key) }),
    message,
  }));
  if (issues.length > 0) throw configError(context, issues);
  const run = settings.run ?? {};
  const configuredRoot = (written: string | null | undefined, fallback: string): string =>
    written == null ? path.join(baseDir, '.massgen', fallback) : resolveConfigPath(written, baseDir);
  const temporaryRoot = await ensureDirectory(configuredRoot(run.agent_temporary_workspace, 'workspaces'));
  const snapshotRoot = await ensureDirectory(configuredRoot(run.snapshot_storage, 'snapshots'));
  const shared = await Promise.all(
    normalizeContextPaths(run.context_paths, baseDir).map((contextPath) =>
      resolveContextPath(contextPath, context.locate({ key: 'context_paths' }).path, warn),
    ),
  );
  const agents: AgentLayout[] = [];
  for (const agentId of context.agentIds) {
    const own = settings.agents.find((agent) => agent.agentId === agentId)?.settings ?? {};
    const written = own.cwd ?? undefined;
    const workspace =
      written === undefined ? undefined : await ensureDirectory(workspacePath(written, temporaryRoot, runId));
    const ownContextPaths = await Promise.all(
      normalizeContextPaths(own.context_paths, baseDir).map((contextPath) =>
        resolveContextPath(contextPath, context.locate({ agentId, key: 'context_paths' }).path, warn, agentId),
      ),
    );
    agents.push({
      agentId,
      ...(workspace === undefined ? {} : { workspace }),
      contextPaths: mergeContextPaths([...shared, ...ownContextPaths]),
    });
  }
  return { temporaryRoot, snapshotRoot, snapshotDirectory: path.join(snapshotRoot, runId), agents };
}

function configError(
  context: ToolSourceContext<WorkspaceAgentSettings, WorkspaceRunSettings>,
  issues: ConfigIssue[],
): ConfigError {
  return new ConfigError({ ...(context.file === undefined ? {} : { file: context.file }), issues });
}

/** One entry per directory: listed twice (shared and the agent's own), the wider access and every protected path apply. */
function mergeContextPaths(contextPaths: readonly ResolvedContextPath[]): ResolvedContextPath[] {
  const merged = new Map<string, ResolvedContextPath>();
  for (const contextPath of contextPaths) {
    const earlier = merged.get(contextPath.realPath);
    if (earlier === undefined) {
      merged.set(contextPath.realPath, { ...contextPath, protectedPaths: [...contextPath.protectedPaths] });
      continue;
    }
    if (contextPath.access === 'write') earlier.access = 'write';
    earlier.protectedPaths.push(
      ...contextPath.protectedPaths.filter((protectedPath) => !earlier.protectedPaths.includes(protectedPath)),
    );
  }
  return [...merged.values()];
}

async function resolveContextPath(
  contextPath: ContextPath,
  keyPath: string,
  warn: (warning: Warning) => void,
  agentId?: string,
): Promise<ResolvedContextPath> {
  const realPath = await resolveRealPath(contextPath.path);
  if (!(await exists(realPath))) {
    warn({
      code: 'context-path-missing',
      message: `${keyPath}: the context path ${contextPath.path} does not exist; agents will find nothing there until it is created`,
      path: keyPath,
      ...(agentId === undefined ? {} : { agentId }),
    });
  }
  return {
    configuredPath: contextPath.path,
    realPath,
    access: contextPath.access,
    protectedPaths: await Promise.all(
      contextPath.protectedPaths.map((protectedPath) => resolveRealPath(protectedPath)),
    ),
  };
}

async function ensureDirectory(directory: string): Promise<string> {
  await mkdir(directory, { recursive: true });
  return realpath(directory);
}

async function exists(file: string): Promise<boolean> {
  try {
    await realpath(file);
    return true;
  } catch {
    return false;
  }
}
