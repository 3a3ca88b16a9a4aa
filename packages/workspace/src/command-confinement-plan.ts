import path from 'node:path';
import { chooseConfinement } from '@massgen/process-containment';
import type { Confinement, ConfinementProbes, SandboxNetwork, SandboxPath } from '@massgen/process-containment';
import type { CommandExecutionSettings } from './command-execution-settings.js';
import type { CommandLaunch } from './command-launch.js';
import type { SandboxView } from './sandbox-view.js';

/** An agent whose commands can run, and where they run. */
export interface AgentCommandConfinement {
  agentId: string;
  settings: CommandExecutionSettings;
  confinement: Confinement;
}

/**
 * Where each agent's commands run on this machine, decided once as the run starts (and by
 * `massgen --validate`), for the agents whose command tool is on.
 */
export async function planCommandConfinement(
  agents: ReadonlyMap<string, CommandExecutionSettings>,
  probes?: ConfinementProbes,
): Promise<AgentCommandConfinement[]> {
  return Promise.all(
    [...agents].map(async ([agentId, settings]) => ({
      agentId,
      settings,
      confinement: await chooseConfinement({ mode: settings.mode, requireDocker: settings.requireDocker }, probes),
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

/**
 * The agents whose configuration asks for confinement this machine cannot give, each with the
 * key that asks and the reason.
 */
export function refusedConfinements(
  plan: readonly AgentCommandConfinement[],
): Array<{ agentId: string; key: 'require_docker' | 'command_line_execution_mode'; message: string }> {
  return plan
    .filter((entry) => entry.confinement.kind === 'refused')
    .map((entry) => ({
      agentId: entry.agentId,
      key: entry.settings.requireDocker ? 'require_docker' : 'command_line_execution_mode',
      message: entry.confinement.why,
    }));
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
