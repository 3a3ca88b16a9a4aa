import type { AgentWorkspace } from './agent-workspace.js';
import type { ConfigIssue } from './errors/config-error.js';
import type { RunEvent } from './coordination-event.js';
import type { Tool } from './tool.js';
import type { Warning } from './warning.js';

/** What a run extension is given when a run starts. */
export interface RunExtensionContext<Config = unknown> {
  /** The run's validated configuration (`MassGenConfig` from `@massgen/config`). */
  config: Config;
  runId: string;
  /** The user's working directory. */
  cwd: string;
  /** Cancelled when the run is cancelled; long start-up work should stop then. */
  signal: AbortSignal;
  /** Reports a non-fatal problem (an MCP server that failed to start) as a run warning. */
  warn: (warning: Warning) => void;
}

/**
 * Something a run needs beside the agents and the strategy, with a lifetime of its own: the
 * MCP servers an agent declares, the agents' workspaces. The runtime opens it before the first
 * turn, shows it every event before anyone else sees it, and closes it however the run ends.
 */
export interface RunExtension {
  readonly name: string;
  /** Tools this extension gives an agent; the runtime runs them in the agent's tool loop. */
  toolsFor?(agentId: string): Tool[];
  /** The agent's workspace, for backends that run their own tools (see `BackendSettings.workspace`). */
  workspaceFor?(agentId: string): AgentWorkspace | undefined;
  /** Awaited before the event is recorded or published, so its effects precede later turns. */
  onEvent?(event: RunEvent): void | Promise<void>;
  close(): Promise<void>;
}

/** The exports of a package that provides a run extension (`@massgen/mcp`, `@massgen/workspace`). */
export interface RunExtensionModule<Config = unknown> {
  specificationVersion: 'v1';
  createRunExtension: (context: RunExtensionContext<Config>) => Promise<RunExtension>;
  /**
   * The configuration problems `createRunExtension` would reject, found without starting
   * anything (a command that does not exist), so `massgen --validate` reports what a run rejects.
   */
  checkConfig?: (config: Config) => ConfigIssue[];
}
