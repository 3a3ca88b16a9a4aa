export { bubblewrapArguments } from './bubblewrap-arguments.js';
export {
  chooseConfinement,
  type Confinement,
  type ConfinementProbes,
  type ConfinementRequest,
} from './command-confinement.js';
export { containmentMode, type ContainmentMode } from './containment-mode.js';
export { defaultDockerImage, dockerRunArguments, type DockerRunOptions } from './docker-arguments.js';
export { dockerEngineStatus, type DockerEngineStatus } from './docker-engine.js';
export { bubblewrapInstallHint, sandboxAvailability, type SandboxAvailability } from './sandbox-availability.js';
export { inheritedEnvironment, type InheritedEnvironmentOptions } from './inherited-environment.js';
export { within } from './path-within.js';
export { isDirectory, realPathOfKind, realPathOrResolved } from './real-path.js';
export { currentSandboxHost, systemDirectories, type PathKind, type SandboxHost } from './sandbox-host.js';
export type { SandboxAccess, SandboxNetwork, SandboxPath, SandboxPolicy } from './sandbox-policy.js';
export {
  SandboxUnavailableError,
  killAllContained,
  spawnContained,
  type ContainedProcess,
  type SpawnContainedOptions,
} from './spawn-contained.js';
