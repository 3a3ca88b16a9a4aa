/** What an agent may do inside a directory at one moment of the run. */
export type WorkspaceAccess = 'none' | 'read' | 'write';

/** A directory with an access rule for one agent. */
export interface WorkspaceRoot {
  /** Real absolute path (no symbolic links). */
  path: string;
  access: WorkspaceAccess;
  /** How the agent's prompts and file tools name it (`peers/agent2`, a context path as configured). */
  name?: string;
}

/**
 * An agent's workspace, for a backend that runs file and shell tools itself (Claude Code) and so
 * must enforce what MassGen's own file tools enforce. Access changes during a run (peers' snapshots
 * appear, the winner may write `write` context paths while it presents, nothing is writable after
 * the end), so it is read again for each decision.
 */
export interface AgentWorkspace {
  /** The agent's own directory, absolute, real and created; absent when it has only context paths. */
  readonly directory?: string;
  /** Every directory with a rule at this moment; the innermost one that contains a path decides. */
  roots(): readonly WorkspaceRoot[];
  /** Real paths nobody may write, whichever root they lie in. */
  protectedPaths(): readonly string[];
}
