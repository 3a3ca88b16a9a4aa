/** What a sandboxed process may do with a path. */
export type SandboxAccess = 'read' | 'write' | 'hidden';

export interface SandboxPath {
  /** Absolute and real (symbolic links resolved): the sandbox mounts it at the same place. */
  path: string;
  /**
   * `read`: mounted read-only; `write`: mounted read-write; `hidden`: an empty directory or an
   * unreadable file in its place. Where paths nest, the innermost one decides.
   */
  access: SandboxAccess;
}

/**
 * Network inside the sandbox:
 * - `none`: a network namespace of its own with only a loopback interface.
 * - `host`: the host's network, unrestricted.
 */
export type SandboxNetwork = { kind: 'none' } | { kind: 'host' };

/**
 * The confinement of one sandboxed process. Besides `paths`, the sandbox always has the system
 * directories read-only (`/usr`, `/etc`, `/opt`, ...), the directories of `PATH` read-only, a
 * private `/tmp` and an empty, writable home directory, its own `/proc` and a minimal `/dev`;
 * everything else on the machine is absent.
 */
export interface SandboxPolicy {
  /** Where the process starts; it should lie in a `read` or `write` path. */
  workingDirectory: string;
  paths: readonly SandboxPath[];
  network: SandboxNetwork;
}
