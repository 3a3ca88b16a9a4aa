import path from 'node:path';
import type { AgentWorkspace, RunEvent, Tool, ToolSource, ToolSourceContext } from '@massgen/core';
import { ConfigError, toMassGenError } from '@massgen/core';
import { realPathOrResolved } from '@massgen/process-containment';
import type { AccessPhase } from './access-phase.js';
import { buildSandboxView } from './agent-sandbox-view.js';
import type { PeerSnapshot } from './agent-sandbox-view.js';
import {
  commandLaunch,
  describeConfinement,
  planCommandConfinement,
  refusedConfinements,
} from './command-confinement-plan.js';
import { commandExecutionOf } from './command-execution-settings.js';
import type { CommandExecutionSettings } from './command-execution-settings.js';
import { compileCommandPolicy } from './command-policy.js';
import { createCommandTool } from './command-tool.js';
import { createFileTools } from './file-tools/create-file-tools.js';
import { PathSandbox } from './path-sandbox.js';
import { SnapshotStore } from './snapshot-store.js';
import { createWorkspaceLayout } from './workspace-layout.js';
import type { AgentLayout } from './workspace-layout.js';
import { hasFiles, snapshotLimitsOf } from './workspace-settings.js';
import type { WorkspaceAgentSettings, WorkspaceRunSettings } from './workspace-settings.js';

/**
 * The workspaces of one run. Each agent gets file tools over its own workspace, its peers'
 * latest snapshots and the context paths; after every answer the author's workspace is
 * snapshotted, and the new snapshot replaces its previous one in the other agents' `peers/`
 * view before any later turn starts (the runtime awaits `onEvent`). The winner may write the
 * `write` context paths from the consensus until its final answer.
 */
export async function createWorkspaceToolSource(
  context: ToolSourceContext<WorkspaceAgentSettings, WorkspaceRunSettings>,
): Promise<ToolSource> {
  const commandExecution = new Map<string, CommandExecutionSettings>();
  for (const { agentId, settings } of context.settings.agents) {
    const enabled = commandExecutionOf(settings, {
      hasWorkspace: settings.cwd != null,
      keyPath: (key) => context.locate({ agentId, key }).path,
      warn: (warning) => context.warn({ ...warning, agentId }),
    });
    if (enabled !== undefined) commandExecution.set(agentId, enabled);
  }
  // Command execution asked for by agents without a workspace needs no directories at all.
  if (!hasFiles(context.settings)) return { name: 'workspace', close: async () => {} };
  const confinements = await planCommandConfinement(commandExecution);
  const refused = refusedConfinements(confinements);
  if (refused.length > 0) {
    const issues = refused.map(({ agentId, key, message }) => ({ ...context.locate({ agentId, key }), message }));
    throw new ConfigError({ ...(context.file === undefined ? {} : { file: context.file }), issues });
  }
  for (const entry of confinements)
    context.warn({ code: 'command-execution-mode', message: describeConfinement(entry), agentId: entry.agentId });
  // Files that hold keys: no sandboxed command reads them, even inside a context path.
  const secrets = [context.file, path.join(context.baseDir, '.env'), path.join(context.cwd, '.env')].flatMap((file) =>
    file === undefined ? [] : [realPathOrResolved(file)],
  );
  const layout = await createWorkspaceLayout(context);
  const privateAreas = [
    layout.temporaryRoot,
    layout.snapshotRoot,
    ...layout.agents.flatMap((agent) => (agent.workspace === undefined ? [] : [agent.workspace])),
  ];
  const snapshotLimits = snapshotLimitsOf(context.settings.run);
  const store = new SnapshotStore(layout.snapshotDirectory, privateAreas, snapshotLimits);
  const snapshots = new Map<string, PeerSnapshot>();
  const capturedLabels = new Set<string>();
  const toolsByAgent = new Map<string, Tool[]>();
  let phase: AccessPhase = { kind: 'coordination' };

  const agentLayout = (agentId: string): AgentLayout | undefined =>
    layout.agents.find((agent) => agent.agentId === agentId);

  const capture = async (agentId: string, label: string): Promise<PeerSnapshot | undefined> => {
    const workspace = agentLayout(agentId)?.workspace;
    if (workspace === undefined || capturedLabels.has(label)) return undefined;
    capturedLabels.add(label);
    try {
      const snapshot = await store.capture(workspace, label);
      for (const { file, reason } of snapshot.leftOut)
        context.warn({
          code: 'snapshot-file-left-out',
          message: `${file} was left out of the snapshot for answer ${label} (${reason}); the other agents do not see it`,
          agentId,
        });
      return { label: anonymousLabel(label), directory: snapshot.directory };
    } catch (error) {
      // Peers keep seeing the previous snapshot; the run goes on.
      context.warn({
        code: 'snapshot-failed',
        message: `The workspace snapshot for answer ${label} failed: ${toMassGenError(error).message}`,
        agentId,
      });
      return undefined;
    }
  };

  const onEvent = async (event: RunEvent): Promise<void> => {
    switch (event.type) {
      case 'answer': {
        const snapshot = await capture(event.agentId, event.label);
        if (snapshot !== undefined) snapshots.set(event.agentId, snapshot);
        return;
      }
      case 'consensus':
        phase = { kind: 'presentation', winnerAgentId: event.winnerAgentId };
        return;
      case 'final':
        phase = { kind: 'ended' };
        await capture(event.agentId, event.label);
        return;
      case 'run-end':
        phase = { kind: 'ended' };
        return;
      default:
        return;
    }
  };

  const toolsFor = (agentId: string): Tool[] => {
    const cached = toolsByAgent.get(agentId);
    if (cached !== undefined) return cached;
    const agent = agentLayout(agentId);
    if (agent === undefined) return [];
    const sandbox = new PathSandbox(() => buildSandboxView(layout, agent, phase, snapshots));
    const tools = createFileTools(sandbox, agent, snapshotLimits.maxFileBytes);
    const confinement = confinements.find((entry) => entry.agentId === agentId);
    if (confinement !== undefined && agent.workspace !== undefined) {
      tools.push(
        createCommandTool({
          workspace: agent.workspace,
          policy: compileCommandPolicy(confinement.settings),
          isOpen: () => phase.kind !== 'ended',
          confinement: confinement.confinement.kind === 'refused' ? 'local' : confinement.confinement.kind,
          launch: () => commandLaunch(confinement, buildSandboxView(layout, agent, phase, snapshots), secrets),
        }),
      );
    }
    toolsByAgent.set(agentId, tools);
    return tools;
  };

  // Backends that run their own file tools (Claude Code) enforce the same view the file tools do.
  const workspaceFor = (agentId: string): AgentWorkspace | undefined => {
    const agent = agentLayout(agentId);
    if (agent === undefined || (agent.workspace === undefined && agent.contextPaths.length === 0)) return undefined;
    const view = () => buildSandboxView(layout, agent, phase, snapshots);
    return {
      ...(agent.workspace === undefined ? {} : { directory: agent.workspace }),
      roots: () =>
        view().roots.map((root) => ({
          path: root.realPath,
          access: root.access,
          ...(root.displayPath === '' ? {} : { name: root.displayPath }),
        })),
      protectedPaths: () => view().protectedPaths,
    };
  };

  return {
    name: 'workspace',
    toolsFor,
    workspaceFor,
    onEvent,
    async close() {
      phase = { kind: 'ended' };
    },
  };
}

/** The author part of an answer label: `agent2` for `agent2.1`. */
function anonymousLabel(answerLabel: string): string {
  const dot = answerLabel.indexOf('.');
  return dot === -1 ? answerLabel : answerLabel.slice(0, dot);
}
