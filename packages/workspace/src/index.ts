import type { AgentWorkspace, ToolSource, ToolSourceContext } from '@massgen/core';
import { createWorkspaceToolSource } from './workspace-tool-source.js';
import { declaredWorkspace, isWorkspaceActive } from './workspace-settings.js';
import type { WorkspaceAgentSettings, WorkspaceRunSettings, WorkspaceSettings } from './workspace-settings.js';

/** The tool package contract this package implements (see `ToolPackageModule` in `@massgen/core`). */
export const specificationVersion = 'v1' as const;

export {
  workspaceAgentSettingsSchema as agentSettingsSchema,
  workspaceRunSettingsSchema as runSettingsSchema,
  type WorkspaceAgentSettings,
  type WorkspaceRunSettings,
  type WorkspaceSettings,
} from './workspace-settings.js';

/** A run needs this package when an agent has a workspace or a context path, or asks to run commands. */
export function isActive(settings: WorkspaceSettings): boolean {
  return isWorkspaceActive(settings);
}

/** The workspace an agent's `cwd` asks for, before the run makes it. */
export function declaredWorkspaceFor(
  settings: WorkspaceSettings,
  agentId: string,
  baseDir: string,
): AgentWorkspace | undefined {
  return declaredWorkspace(settings, agentId, baseDir);
}

/** Opens the workspaces, snapshots and file tools of one run; the runtime calls it by name. */
export function createToolSource(
  context: ToolSourceContext<WorkspaceAgentSettings, WorkspaceRunSettings>,
): Promise<ToolSource> {
  return createWorkspaceToolSource(context);
}

/** What a run would refuse about the workspaces, found before anything is created, for `massgen --validate`. */
export { checkWorkspaceSettings as checkSettings } from './check-workspace-config.js';
export { writeFileAtomic, copyFileAtomic } from './atomic-write.js';
export {
  commandLaunch,
  describeConfinement,
  planCommandConfinement,
  refusedConfinements,
  type AgentCommandConfinement,
} from './command-confinement-plan.js';
export type { CommandLaunch } from './command-launch.js';
export { createCommandTool, type CommandToolOptions } from './command-tool.js';
export type { CommandExecutionSettings, DockerCommandSettings } from './command-execution-settings.js';
export {
  compileCommandPolicy,
  judgeCommand,
  type CommandPattern,
  type CommandPolicy,
  type CommandVerdict,
} from './command-policy.js';
export { runCommand, type CommandRunOptions, type CommandRunResult } from './command-runner.js';
export type { ContextPath } from './context-paths-settings.js';
export { createFileTools } from './file-tools/create-file-tools.js';
export { isWithin } from './path-containment.js';
export { agentWorkspaceSandbox } from './agent-workspace-sandbox.js';
export { PathSandbox, peersDirectory, type PathIntent, type PeersListing, type ResolvedPath } from './path-sandbox.js';
export { resolveRealPath } from './real-path.js';
export type { Access, SandboxRoot, SandboxView } from './sandbox-view.js';
export { SnapshotStore, type Snapshot } from './snapshot-store.js';
export {
  createWorkspaceLayout,
  type AgentLayout,
  type ResolvedContextPath,
  type WorkspaceLayout,
} from './workspace-layout.js';
export { createWorkspaceToolSource } from './workspace-tool-source.js';
