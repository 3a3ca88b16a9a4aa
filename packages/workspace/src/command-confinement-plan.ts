import path from 'node:path';
import { ConfigError } from '@massgen/core';
import type { ConfigIssue } from '@massgen/core';
import type { CommandExecutionSettings, MassGenConfig } from '@massgen/config';
import { chooseConfinement } from '@massgen/process-containment';
import type { Confinement, ConfinementProbes, SandboxNetwork, SandboxPath } from '@massgen/process-containment';
import type { CommandLaunch } from './command-launch.js';
import type { SandboxView } from './sandbox-view.js';

/** An agent whose commands can run, and where they run. */
export interface AgentCommandConfinement {
  agentId: string;
  /** Key path of the agent's `backend` block, for messages. */
  keyPath: string;
  settings: CommandExecutionSettings;
  confinement: Confinement;
}

/**
 * Where each agent's commands run on this machine, decided once as the run starts (and by
 * `massgen --validate`). Agents without the command tool are left out.
 */
export async function planCommandConfinement(
  config: MassGenConfig,
  probes?: ConfinementProbes,
): Promise<AgentCommandConfinement[]> {
  const planned = config.agents.flatMap((agent, index) => {
    const settings = agent.backend.commandExecution;
    if (settings === undefined) return [];
    const keyPath = `${config.singleAgent ? 'agent' : `agents[${index}]`}.backend`;
    return [{ agentId: agent.id, keyPath, settings }];
  });
  return Promise.all(
    planned.map(async (entry) => ({
      ...entry,
      confinement: await chooseConfinement(
        { mode: entry.settings.mode, requireDocker: entry.settings.requireDocker },
        probes,
      ),
    })),
  );
}

/** The sentence that says where an agent's commands run and why. */
export function describeConfinement(entry: AgentCommandConfinement): string {
  const network = entry.confinement.kind === 'local' ? '' : `; ${describeNetwork(entry)}`;
  return `agent ${entry.agentId}: ${entry.confinement.why}${network}`;
}

function describeNetwork(entry: AgentCommandConfinement): string {
  const network = networkOf(entry);
  if (entry.confinement.kind === 'docker') return `container network: ${entry.settings.docker.networkMode}`;
  if (network.kind === 'host') return "network: the host's";
  return 'network: none';
}

/** The agents whose configuration asks for confinement this machine cannot give, at the key that asks. */
export function confinementIssues(config: MassGenConfig, plan: readonly AgentCommandConfinement[]): ConfigIssue[] {
  return plan
    .filter((entry) => entry.confinement.kind === 'refused')
    .map((entry) => {
      const keyPath = `${entry.keyPath}.${entry.settings.requireDocker ? 'require_docker' : 'command_line_execution_mode'}`;
      const line = config.lines[keyPath];
      return { path: keyPath, message: entry.confinement.why, ...(line === undefined ? {} : { line }) };
    });
}

/** A run whose configuration asks for confinement this machine cannot give stops, naming the keys. */
export function assertConfinable(config: MassGenConfig, plan: readonly AgentCommandConfinement[]): void {
  const issues = confinementIssues(config, plan);
  if (issues.length > 0) throw new ConfigError({ ...(config.file === undefined ? {} : { file: config.file }), issues });
}

/** The network a sandboxed command gets: Docker's `none` stays none; `bridge` and `host` are the host's. */
function networkOf(entry: AgentCommandConfinement): SandboxNetwork {
  if (entry.settings.mode === 'docker') return { kind: entry.settings.docker.networkMode === 'none' ? 'none' : 'host' };
  return { kind: 'none' };
}

/**
 * How one command of the agent starts, from its file access at this moment (`view`: a `write`
 * context path opens to the winner while it presents). Paths closed to the agent (other
 * workspaces, snapshot storage) and `secrets` (the configuration, `.env` files) are hidden,
 * protected paths are read-only.
 */
export function commandLaunch(
  entry: AgentCommandConfinement,
  view: SandboxView,
  secrets: readonly string[],
): CommandLaunch {
  const workspace = view.workspace ?? '/';
  const paths: SandboxPath[] = [
    ...view.roots.map((root): SandboxPath => ({
      path: root.realPath,
      access: root.access === 'none' ? 'hidden' : root.access,
    })),
    ...view.protectedPaths.map((protectedPath): SandboxPath => ({ path: protectedPath, access: 'read' })),
    ...secrets.map((secret): SandboxPath => ({ path: path.resolve(secret), access: 'hidden' })),
  ];
  switch (entry.confinement.kind) {
    case 'sandbox':
      return { kind: 'sandbox', policy: { workingDirectory: workspace, paths, network: networkOf(entry) } };
    case 'docker': {
      const { docker } = entry.settings;
      const user = process.getuid === undefined ? {} : { user: `${process.getuid()}:${process.getgid?.() ?? 0}` };
      return {
        kind: 'docker',
        run: {
          image: docker.image,
          paths,
          workingDirectory: workspace,
          networkMode: docker.networkMode,
          enableSudo: docker.enableSudo,
          ...(docker.memoryLimit === undefined ? {} : { memoryLimit: docker.memoryLimit }),
          ...(docker.cpuLimit === undefined ? {} : { cpuLimit: docker.cpuLimit }),
          ...user,
        },
      };
    }
    default:
      return { kind: 'local' };
  }
}
