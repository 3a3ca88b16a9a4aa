import { recentDockerEngineStatus } from './docker-engine.js';
import type { DockerEngineStatus } from './docker-engine.js';
import { sandboxAvailability } from './sandbox-availability.js';
import type { SandboxAvailability } from './sandbox-availability.js';

/** `command_line_execution_mode` as written (absent when it is not), and `require_docker`. */
export interface ConfinementRequest {
  mode?: 'local' | 'sandbox' | 'docker' | undefined;
  requireDocker?: boolean;
}

/**
 * Where an agent's commands run, and why, in a sentence for `--validate` and the start of a run:
 * - `sandbox`: the OS sandbox (bubblewrap);
 * - `docker`: a container per command;
 * - `local`: unconfined, as the user;
 * - `refused`: the configuration asks for confinement this machine cannot give; the run stops.
 */
export interface Confinement {
  kind: 'sandbox' | 'docker' | 'local' | 'refused';
  why: string;
}

export interface ConfinementProbes {
  sandbox: () => SandboxAvailability;
  docker: () => Promise<DockerEngineStatus>;
}

const dockerInstallHint =
  'start the Docker engine (or install it: https://docs.docker.com/engine/install/ ; `sudo apt-get install docker.io` on Debian and Ubuntu)';

/**
 * Chooses the confinement for a request on this machine. The default (no mode written) is the OS
 * sandbox, or unconfined with the reason and the install command when this machine has none;
 * `sandbox` written and unavailable refuses. `docker` without a reachable engine uses the OS
 * sandbox instead, unless `require_docker` is set; then, or with no sandbox either, it refuses.
 */
export async function chooseConfinement(
  request: ConfinementRequest,
  probes: ConfinementProbes = { sandbox: sandboxAvailability, docker: recentDockerEngineStatus },
): Promise<Confinement> {
  switch (request.mode) {
    case 'local':
      return {
        kind: 'local',
        why: 'command_line_execution_mode is local: commands run unconfined, as you, and can read and write whatever you can',
      };
    case 'sandbox': {
      const sandbox = probes.sandbox();
      if (sandbox.available)
        return { kind: 'sandbox', why: 'command_line_execution_mode is sandbox: commands run in the OS sandbox' };
      return {
        kind: 'refused',
        why: `command_line_execution_mode is sandbox, but ${sandbox.reason}; ${sandbox.remedy}, or set command_line_execution_mode: local to run commands unconfined`,
      };
    }
    case 'docker':
      return chooseForDocker(request.requireDocker === true, probes);
    case undefined: {
      const sandbox = probes.sandbox();
      if (sandbox.available)
        return {
          kind: 'sandbox',
          why: 'commands run in the OS sandbox, the default (command_line_execution_mode: local runs them unconfined)',
        };
      return {
        kind: 'local',
        why: `commands run unconfined, as you, because ${sandbox.reason}; to confine them, ${sandbox.remedy}; or set command_line_execution_mode: local to choose this and silence this notice`,
      };
    }
  }
}

async function chooseForDocker(requireDocker: boolean, probes: ConfinementProbes): Promise<Confinement> {
  const engine = await probes.docker();
  if (engine.reachable)
    return {
      kind: 'docker',
      why: `command_line_execution_mode is docker: each command runs in a new container (Docker ${engine.version})`,
    };
  if (requireDocker)
    return {
      kind: 'refused',
      why: `command_line_execution_mode is docker with require_docker: true, but no Docker engine is reachable (${engine.reason}); ${dockerInstallHint}, or remove require_docker to use the OS sandbox instead`,
    };
  const sandbox = probes.sandbox();
  if (sandbox.available)
    return {
      kind: 'sandbox',
      why: `command_line_execution_mode is docker, but no Docker engine is reachable (${engine.reason}), so commands run in the OS sandbox instead, with the same files and network; Docker's memory and CPU limits do not apply there`,
    };
  return {
    kind: 'refused',
    why: `command_line_execution_mode is docker, but no Docker engine is reachable (${engine.reason}) and the OS sandbox is not available either (${sandbox.reason}); ${dockerInstallHint}, or ${sandbox.remedy}`,
  };
}
