import type { AgentWorkspace } from './agent-workspace.js';
import type { AskHuman } from './human-input.js';
import type { ConfigIssue } from './errors/config-error.js';
import type { CoordinationEvent, RunEvent } from './coordination-event.js';
import type { OptionsSchema } from './options-schema.js';
import type { Tool } from './tool.js';
import type { ToolModels } from './tool-models.js';
import type { Warning } from './warning.js';

/**
 * A tool package's settings for one run, after its schemas have checked them: the run-wide
 * part, and the part of each agent whose configuration gives it one.
 */
export interface ToolPackageSettings<AgentSettings = unknown, RunSettings = unknown> {
  run: RunSettings | undefined;
  agents: ReadonlyArray<{ agentId: string; settings: AgentSettings }>;
}

/** What a tool package is given when a run opens it. */
export interface ToolSourceContext<AgentSettings = unknown, RunSettings = unknown> {
  settings: ToolPackageSettings<AgentSettings, RunSettings>;
  /** Every agent of the run, in configuration order. */
  agentIds: readonly string[];
  runId: string;
  /** The user's working directory. */
  cwd: string;
  /** The configuration file's directory; relative paths in the settings are resolved against it. */
  baseDir: string;
  /** The process environment overlaid on `.env`, for child processes; never to be logged. */
  env: Readonly<Record<string, string | undefined>>;
  /** The configuration file, for a `ConfigError` about a setting; absent for a configuration built in code. */
  file?: string;
  /**
   * Where a setting is written in the configuration file (`agents[1].backend.cwd`, and its line), for
   * messages; `key` is a setting's name or its path of keys and list indexes (`['custom_tools', 0, 'path']`).
   */
  locate(setting: { agentId?: string; key: string | ReadonlyArray<string | number> }): { path: string; line?: number };
  /**
   * An agent's workspace as the package that gives workspaces opened it (such packages open
   * first), for a package that starts something in it; undefined when the agent has none.
   */
  workspaceFor?(agentId: string): AgentWorkspace | undefined;
  /** Loads a package the settings name (an MCP integration), as the run loads backends. */
  loadPackage?: NamedPackageLoader;
  /**
   * The models the package's tools may call on an agent's behalf (see `ToolModels`); absent when
   * the package is opened outside a run that can create backends.
   */
  models?: ToolModels;
  /** Cancelled when the run is cancelled; long start-up work should stop then. */
  signal: AbortSignal;
  /** Reports a non-fatal problem (an MCP server that failed to start) as a run warning. */
  warn: (warning: Warning) => void;
  /** Puts an agent's question to the person watching the run; absent when nobody can answer (no terminal, a server). */
  askHuman?: AskHuman;
  /**
   * Adds an event of the package's own to the run's stream (and so to its displays and record):
   * it follows the event the strategy publishes next, as a warning raised mid-run does.
   */
  publish?: (event: ToolSourceEvent) => void;
  /**
   * A run resumed from its record (`massgen resume`): the events recorded before it stopped, so a
   * package can take up where it was (the planning package's task lists). Absent for a new run.
   */
  resumedEvents?: readonly RunEvent[];
}

/** The events a tool package may add to a run's stream. */
export type ToolSourceEvent = Extract<CoordinationEvent, { type: 'task-plan' }>;

/** A call of one of an agent's tools, from any package, before it runs. */
export interface ToolCallCheck {
  agentId: string;
  tool: Tool;
  /** The input as the model wrote it, parsed from JSON but not yet checked by the tool. */
  input: unknown;
}

/** A package named in the configuration, to load as backends are loaded. */
export interface NamedPackageRequest {
  /** The family: `mcp` for `@massgen/mcp-<name>` and `massgen-mcp-<name>`. */
  kind: string;
  name: string;
  /** A package the configuration names instead. */
  package?: string;
  /** Where the configuration names it (`agents[0].backend.mcp_servers[1].integration`), for messages. */
  namedBy?: string;
  /** A function the package must export, checked with `specificationVersion`. */
  factory: string;
}

/**
 * Loads a package by the name the configuration gives it: `@massgen/<kind>-<name>`, then
 * `massgen-<kind>-<name>`, or exactly `package`. A missing one is a `PLUGIN_NOT_FOUND` error that
 * names the `massgen add` command for a package MassGen publishes.
 */
export type NamedPackageLoader = (
  request: NamedPackageRequest,
) => Promise<{ packageName: string; module: Record<string, unknown> }>;

/**
 * What a tool package's `checkSettings` is given: its settings after its schemas have checked
 * them, and a way to report a problem at the setting's key path and line in the file.
 */
export interface ToolSettingsCheckContext<AgentSettings = unknown, RunSettings = unknown> {
  settings: ToolPackageSettings<AgentSettings, RunSettings>;
  /** The configuration file's directory; relative paths in the settings are resolved against it. */
  baseDir: string;
  /** The process environment overlaid on `.env`. */
  env: Readonly<Record<string, string | undefined>>;
  /** The configuration file, when there is one. */
  file?: string;
  /** The workspace an agent will have, as declared (see `declaredWorkspaceFor`); nothing is created. */
  declaredWorkspaceFor?(agentId: string): AgentWorkspace | undefined;
  /** Loads a package the settings name (an MCP integration), as the run loads backends. */
  loadPackage?: NamedPackageLoader;
  /**
   * A problem with one setting: `key` is its path inside the package's block of the agent (or
   * of `tools.<name>` without `agentId`), such as `['mcp_servers', 'search', 'command']`.
   */
  issueAt(setting: { agentId?: string; key: ReadonlyArray<string | number> }, message: string): ConfigIssue;
  /**
   * A fact about how the run will go that depends on this machine, not on the file (where an
   * agent's commands run, and why): `massgen --validate` prints each on a line of its own.
   */
  note(message: string): void;
  /** A problem that does not stop the run (a tool the package cannot offer), at the setting's key path. */
  warnAt(
    setting: { agentId?: string; key: ReadonlyArray<string | number> },
    warning: { code: string; message: string },
  ): void;
}

/**
 * What an open tool package gives a run, with a lifetime of its own (child processes,
 * directories). The runtime opens it before the first turn, shows it every event before anyone
 * else sees it, and closes it however the run ends.
 */
export interface ToolSource {
  readonly name: string;
  /** Tools for an agent; the runtime runs them in the agent's tool loop. */
  toolsFor?(agentId: string): Tool[];
  /** The agent's workspace, for backends that run their own tools (see `BackendSettings.workspace`). */
  workspaceFor?(agentId: string): AgentWorkspace | undefined;
  /**
   * Asked before any tool of the agent's runs, this package's or another's: a string refuses the
   * call and is what the model reads as the tool's error result. Planning mode holds tools back so.
   */
  checkToolCall?(call: ToolCallCheck): string | undefined;
  /** Text added to the agent's system message for the whole run (how to use the package's tools, its rules). */
  instructionsFor?(agentId: string): string | undefined;
  /** Awaited before the event is recorded or published, so its effects precede later turns. */
  onEvent?(event: RunEvent): void | Promise<void>;
  /**
   * Secrets the package learned while opening that the configuration does not show as such (an
   * MCP integration's declared secret options): the run redacts them as it does backend keys.
   */
  readonly secrets?: readonly string[];
  close(): Promise<void>;
}

/**
 * The exports of a tool package, loaded by name from the configuration as backends are:
 * `tools: { x: {...} }` (run-wide) or `backend.tools: { x: {...} }` (one agent) loads
 * `@massgen/tools-x`, then `massgen-tools-x`, or the `package` written there. The built-in
 * `mcp` and `workspace` packages read the keys the configuration formats have always had
 * (`backend.mcp_servers`, `backend.cwd`, `context_paths`, ...).
 */
export interface ToolPackageModule<AgentSettings = unknown, RunSettings = unknown> {
  specificationVersion: 'v1';
  /** Checks what one agent's configuration gives the package; issues name keys inside it. */
  agentSettingsSchema?: OptionsSchema<AgentSettings>;
  /** Checks the run-wide part. */
  runSettingsSchema?: OptionsSchema<RunSettings>;
  /**
   * Whether a run with these settings needs the package (an empty `mcp_servers` does not).
   * Absent means whenever the configuration names it. A package that is not active is not opened.
   */
  isActive?(settings: ToolPackageSettings<AgentSettings, RunSettings>): boolean;
  /**
   * The problems `createToolSource` would reject, found without starting anything (a server
   * command that does not exist), so `massgen --validate` and a run's preflight report what a
   * run would stop on, each at its key path and line. It may probe this machine (is a sandbox
   * installed?) but never starts what the settings name.
   */
  checkSettings?(context: ToolSettingsCheckContext<AgentSettings, RunSettings>): ConfigIssue[] | Promise<ConfigIssue[]>;
  /**
   * The workspace an agent will have, from the settings alone and without creating anything, so
   * the checks before a run create backends as the run will. Only a package that gives agents
   * workspaces has it.
   */
  declaredWorkspaceFor?(
    settings: ToolPackageSettings<AgentSettings, RunSettings>,
    agentId: string,
    baseDir: string,
  ): AgentWorkspace | undefined;
  createToolSource(context: ToolSourceContext<AgentSettings, RunSettings>): Promise<ToolSource>;
}
