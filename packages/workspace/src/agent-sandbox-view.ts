import { peersDirectory } from './path-sandbox.js';
import type { AccessPhase } from './access-phase.js';
import type { SandboxRoot, SandboxView } from './sandbox-view.js';
import type { AgentLayout, WorkspaceLayout } from './workspace-layout.js';

/** An agent's latest snapshot, by its anonymous label. */
export interface PeerSnapshot {
  /** The author's anonymous label, such as `agent2`. */
  label: string;
  directory: string;
}

/**
 * The roots one agent may use at this moment. Snapshot storage, the workspace root and other
 * agents' workspaces are private (`none`), so they stay closed even inside a context path; the
 * agent's own workspace, more specific, stays open inside them.
 */
export function buildSandboxView(
  layout: WorkspaceLayout,
  agent: AgentLayout,
  phase: AccessPhase,
  snapshots: ReadonlyMap<string, PeerSnapshot>,
): SandboxView {
  const roots: SandboxRoot[] = [
    { realPath: layout.temporaryRoot, displayPath: '', access: 'none' },
    { realPath: layout.snapshotRoot, displayPath: '', access: 'none' },
  ];
  for (const other of layout.agents) {
    if (other.agentId !== agent.agentId && other.workspace !== undefined)
      roots.push({ realPath: other.workspace, displayPath: '', access: 'none' });
  }
  const peers = new Map<string, string>();
  for (const [agentId, snapshot] of snapshots) {
    if (agentId === agent.agentId) continue;
    peers.set(snapshot.label, snapshot.directory);
    roots.push({
      realPath: snapshot.directory,
      displayPath: `${peersDirectory}/${snapshot.label}`,
      access: 'read',
      readOnlyReason: `it is ${snapshot.label}'s shared work; copy what you need into your workspace and change it there`,
    });
  }
  const presenting = phase.kind === 'presentation' && phase.winnerAgentId === agent.agentId;
  for (const contextPath of agent.contextPaths) {
    roots.push({
      realPath: contextPath.realPath,
      displayPath: contextPath.configuredPath,
      access: contextPath.access === 'write' && presenting ? 'write' : 'read',
      readOnlyReason:
        contextPath.access === 'write'
          ? 'this context path becomes writable only for the agent that presents the final answer, while it presents'
          : 'it is a read-only context path',
    });
  }
  if (agent.workspace !== undefined) {
    roots.push({
      realPath: agent.workspace,
      displayPath: '',
      access: phase.kind === 'ended' ? 'read' : 'write',
      readOnlyReason: 'the run has ended',
    });
  }
  return {
    roots,
    protectedPaths: agent.contextPaths.flatMap((contextPath) => contextPath.protectedPaths),
    ...(agent.workspace === undefined ? {} : { workspace: agent.workspace }),
    peers,
  };
}
