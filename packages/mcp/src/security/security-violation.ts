/** One way a server breaks its `security` policy, at the key (below the server) that does. */
export interface SecurityViolation {
  segments: Array<string | number>;
  message: string;
}

/** The paths the policy measures a server against. */
export interface SecurityScope {
  /** The agent's workspace; absent when the agent has none (no `backend.cwd`). */
  workspace?: string;
  /** The agent's context paths (shared and its own), absolute. */
  contextPaths: readonly string[];
  /** Directories the agent may not see (other agents' workspaces, snapshots), known once a run lays them out. */
  hidden: readonly string[];
  /** Directory a relative `cwd` is resolved against (the configuration file's). */
  baseDir: string;
}
