import type { RunExtension, RunExtensionContext } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { createWorkspaceRunExtension } from './workspace-run-extension.js';

/** Checked by the runtime before it uses this package as a run extension. */
export const specificationVersion = 'v1' as const;

/** Opens the workspaces, snapshots and file tools of one run; the runtime calls it by name. */
export function createRunExtension(context: RunExtensionContext<MassGenConfig>): Promise<RunExtension> {
  return createWorkspaceRunExtension(context);
}

/** What a run would refuse about the workspaces, found before anything is created, for `massgen --validate`. */
export { checkWorkspaceConfig as checkConfig } from './check-workspace-config.js';
export { writeFileAtomic, copyFileAtomic } from './atomic-write.js';
export {
  assertConfinable,
  commandLaunch,
  confinementIssues,
  describeConfinement,
  planCommandConfinement,
} from './command-confinement-plan.js';
export type { AgentCommandConfinement } from './command-confinement-plan.js';
export type { CommandLaunch } from './command-launch.js';
export { createCommandTool } from './command-tool.js';
export type { CommandToolOptions } from './command-tool.js';
export { compileCommandPolicy, judgeCommand } from './command-policy.js';
export type { CommandPattern, CommandPolicy, CommandVerdict } from './command-policy.js';
export { runCommand } from './command-runner.js';
export type { CommandRunOptions, CommandRunResult } from './command-runner.js';
export { createFileTools } from './file-tools/create-file-tools.js';
export { isWithin } from './path-containment.js';
export { PathSandbox, peersDirectory } from './path-sandbox.js';
export type { PathIntent, PeersListing, ResolvedPath } from './path-sandbox.js';
export { resolveRealPath } from './real-path.js';
export type { Access, SandboxRoot, SandboxView } from './sandbox-view.js';
export { SnapshotStore } from './snapshot-store.js';
export type { Snapshot } from './snapshot-store.js';
export { createWorkspaceLayout } from './workspace-layout.js';
export type { AgentLayout, ResolvedContextPath, WorkspaceLayout } from './workspace-layout.js';
export { createWorkspaceRunExtension } from './workspace-run-extension.js';
