/** What an agent may do inside a directory. */
export type Access = 'none' | 'read' | 'write';

/** A directory the sandbox knows, and what one agent may do in it right now. */
export interface SandboxRoot {
  /** The directory's real path (no symbolic links). */
  realPath: string;
  /**
   * How the agent names the directory: `''` for its own workspace (paths relative to it),
   * `peers/agent2` for a peer's snapshot, the configured absolute path for a context path.
   */
  displayPath: string;
  access: Access;
  /** Why a `read` root refuses writes, in words the model can act on. */
  readOnlyReason?: string;
}

/**
 * Everything the sandbox decides one agent's file access by, at one moment. The innermost root
 * that contains a path decides, so an agent's own workspace stays writable inside a read-only
 * context path, and the private areas (other workspaces, snapshot storage) stay closed inside it.
 */
export interface SandboxView {
  roots: readonly SandboxRoot[];
  /** Real paths nobody may write, whichever root they lie in. */
  protectedPaths: readonly string[];
  /** Real path that relative paths resolve against; absent when the agent has no workspace. */
  workspace?: string;
  /** Each peer's latest snapshot by anonymous label (`agent2`): real path of the snapshot directory. */
  peers: ReadonlyMap<string, string>;
}
