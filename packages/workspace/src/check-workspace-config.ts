import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigIssue } from '@massgen/core';
import { configIssueAt, formatKeyPath } from '@massgen/config';
import type { KeySegment, MassGenConfig } from '@massgen/config';

/**
 * The workspace problems that stop a run before anything is created, found from the file alone:
 * a relative `cwd` that climbs out of `agent_temporary_workspace`, and two agents given the same
 * workspace. A run lays its workspaces out only after this passes, and `massgen --validate`
 * reports the same issues.
 */
export function checkWorkspaceConfig(config: MassGenConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const owners = new Map<string, string>();
  for (const [index, agent] of config.agents.entries()) {
    const written = agent.backend.cwd;
    if (written === undefined) continue;
    const segments = cwdSegments(config, index);
    const location = plannedLocation(written);
    if (location === undefined) {
      issues.push(
        configIssueAt(
          config,
          segments,
          `"${written}" leaves agent_temporary_workspace; expected a directory name inside it, or an absolute path`,
        ),
      );
      continue;
    }
    const owner = owners.get(location);
    if (owner === undefined) {
      owners.set(location, agent.id);
      continue;
    }
    issues.push(
      configIssueAt(
        config,
        segments,
        `agents "${owner}" and "${agent.id}" have the same workspace (cwd); expected each agent to have its own directory`,
      ),
    );
  }
  return issues;
}

/** Where an agent's `cwd` is written: the seed also accepts it beside `backend`. */
function cwdSegments(config: MassGenConfig, agentIndex: number): KeySegment[] {
  const agent: KeySegment[] = config.singleAgent ? ['agent'] : ['agents', agentIndex];
  const besideBackend = [...agent, 'cwd'];
  return config.lines[formatKeyPath(besideBackend)] === undefined ? [...agent, 'backend', 'cwd'] : besideBackend;
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
