import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigIssue, ToolSettingsCheckContext } from '@massgen/core';
import type { WorkspaceAgentSettings, WorkspaceRunSettings } from './workspace-settings.js';

/**
 * The workspace problems that stop a run before anything is created, found from the file alone:
 * a relative `cwd` that climbs out of `agent_temporary_workspace`, and two agents given the same
 * workspace. A run lays its workspaces out only after this passes, and `massgen --validate`
 * reports the same issues.
 */
export function checkWorkspaceSettings(
  context: ToolSettingsCheckContext<WorkspaceAgentSettings, WorkspaceRunSettings>,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const owners = new Map<string, string>();
  for (const { agentId, settings } of context.settings.agents) {
    const written = settings.cwd ?? undefined;
    if (written === undefined) continue;
    const location = plannedLocation(written);
    if (location === undefined) {
      issues.push(
        context.issueAt(
          { agentId, key: ['cwd'] },
          `"${written}" leaves agent_temporary_workspace; expected a directory name inside it, or an absolute path`,
        ),
      );
      continue;
    }
    const owner = owners.get(location);
    if (owner === undefined) {
      owners.set(location, agentId);
      continue;
    }
    issues.push(
      context.issueAt(
        { agentId, key: ['cwd'] },
        `agents "${owner}" and "${agentId}" have the same workspace (cwd); expected each agent to have its own directory`,
      ),
    );
  }
  return issues;
}

/**
 * A key for the directory a `cwd` becomes, equal for two `cwd`s exactly when they name one
 * directory: relative ones under this run's temporary root, absolute ones by their real path.
 * Undefined for a relative path that leaves the root.
 */
function plannedLocation(written: string): string | undefined {
  if (written === '~' || written.startsWith('~/'))
    return `absolute:${realLocation(path.join(os.homedir(), written.slice(1)))}`;
  if (path.isAbsolute(written)) return `absolute:${realLocation(written)}`;
  const relative = path.normalize(written);
  if (relative === '..' || relative.startsWith(`..${path.sep}`)) return undefined;
  return `relative:${relative.replace(/[\\/]+$/, '')}`;
}

/** The real path of an absolute path's deepest existing ancestor, with the rest appended. */
function realLocation(absolutePath: string): string {
  const resolved = path.resolve(absolutePath);
  try {
    return realpathSync(resolved);
  } catch {
    const parent = path.dirname(resolved);
    return parent === resolved ? resolved : path.join(realLocation(parent), path.basename(resolved));
  }
}
