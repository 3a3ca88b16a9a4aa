import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfigIssue, ToolSettingsCheckContext } from '@massgen/core';
import { describeConfinement, planCommandConfinement, refusedConfinements } from './command-confinement-plan.js';
import { commandExecutionSettings, commandExecutionSwitch } from './command-execution-settings.js';
import type { CommandExecutionSettings } from './command-execution-settings.js';
import type { WorkspaceAgentSettings, WorkspaceRunSettings, WorkspaceSettings } from './workspace-settings.js';

/**
 * The workspace problems that stop a run before anything is created: a relative `cwd` that
 * climbs out of `agent_temporary_workspace`, two agents given the same workspace, and command
 * confinement this machine cannot give (`require_docker` without an engine). A run lays its
 * workspaces out only after this passes, and `massgen --validate` reports the same issues, with
 * a note saying where each agent's commands will run.
 */
export async function checkWorkspaceSettings(
  context: ToolSettingsCheckContext<WorkspaceAgentSettings, WorkspaceRunSettings>,
): Promise<ConfigIssue[]> {
  const issues = checkWorkspaceDirectories(context.settings, (where, message) => context.issueAt(where, message));
  const commandExecution = new Map<string, CommandExecutionSettings>();
  for (const { agentId, settings } of context.settings.agents) {
    // Without a workspace the tool is off, which the run warns about.
    if (commandExecutionSwitch(settings) !== undefined && settings.cwd != null)
      commandExecution.set(agentId, commandExecutionSettings(settings));
  }
  const plan = await planCommandConfinement(commandExecution);
  const refused = refusedConfinements(plan);
  for (const { agentId, key, message } of refused) issues.push(context.issueAt({ agentId, key: [key] }, message));
  if (refused.length === 0) for (const entry of plan) context.note(`commands: ${describeConfinement(entry)}`);
  return issues;
}

/**
 * A relative `cwd` that climbs out of `agent_temporary_workspace`, and two agents given the same
 * workspace: found from the file alone, before any directory is made.
 */
export function checkWorkspaceDirectories(
  workspaceSettings: WorkspaceSettings,
  issueAt: ToolSettingsCheckContext['issueAt'],
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const owners = new Map<string, string>();
  for (const { agentId, settings } of workspaceSettings.agents) {
    const written = settings.cwd ?? undefined;
    if (written === undefined) continue;
    const location = plannedLocation(written);
    if (location === undefined) {
      issues.push(
        issueAt(
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
      issueAt(
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
