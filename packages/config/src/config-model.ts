import type { OrchestratorSettings, SamplingSettings, Warning } from '@massgen/core';

/** A path an agent may read, and the winner may write when `access` is `write`. */
export interface ContextPath {
  /** Absolute path, resolved against the configuration file's directory. */
  path: string;
  access: 'read' | 'write';
  /** Absolute paths inside `path` that nobody may write (upstream's `protected_paths`). */
  protectedPaths: string[];
}

/** An MCP server an agent's backend declares, in either dialect's form. */
export type McpServerConfig = McpServerTransport & {
  /** Its key under `mcp_servers` in the file: the name in the mapping form, the index in the list form. */
  key?: string | number;
};

type McpServerTransport =
  | {
      name: string;
      type: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd?: string;
      allowedTools?: string[];
      excludeTools?: string[];
    }
  | {
      name: string;
      type: 'streamable-http';
      url: string;
      headers: Record<string, string>;
      allowedTools?: string[];
      excludeTools?: string[];
    };

/** What a model costs, in US dollars per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  /** Price of input tokens served from the provider's cache; defaults to the input price. */
  cachedInputPerMillion?: number;
}

/**
 * The command execution tool (`enable_mcp_command_line: true` upstream, `command_execution: true`
 * in the seed dialect), present only when it is on and the agent has a workspace to run in.
 */
export interface CommandExecutionSettings {
  /** `command_line_allowed_commands`: regular expressions; when any are given, only matching commands run. */
  allowedCommands: string[];
  /** `command_line_blocked_commands`: regular expressions of commands that never run. */
  blockedCommands: string[];
  /**
   * `command_line_execution_mode` as written: `sandbox` (the OS sandbox), `docker` or `local`
   * (unconfined). Absent means the default, the OS sandbox where this machine has one.
   */
  mode?: 'local' | 'sandbox' | 'docker';
  /** `require_docker`: with `mode: docker`, refuse to run when no Docker engine is reachable. */
  requireDocker: boolean;
  /** Upstream's `command_line_docker_*` keys. */
  docker: DockerCommandSettings;
}

export interface DockerCommandSettings {
  image: string;
  /** `none` (the default), `bridge` or `host`; in the OS sandbox, anything but `none` is the host's network. */
  networkMode: 'none' | 'bridge' | 'host';
  /** Docker's `--memory` (`512m`, `2g`). */
  memoryLimit?: string;
  /** Docker's `--cpus`. */
  cpuLimit?: number;
  enableSudo: boolean;
}

export interface BackendConfig {
  /** `backend.type`: picks the backend package by name. */
  type: string;
  /** `backend.model`; empty when the configuration leaves it to the backend. */
  model: string;
  /** `backend.package`: an explicit package to load instead of the one named after `type`. */
  package?: string;
  /** `temperature`, `top_p`, `max_tokens`, `reasoning.effort`, `seed`. */
  sampling: SamplingSettings;
  /** The agent's workspace, as written (relative paths are resolved by the workspace package). */
  cwd?: string;
  contextPaths: ContextPath[];
  mcpServers: McpServerConfig[];
  /** `backend.exclude_tools`: tools this agent is never offered, by the name the agent sees. */
  excludeTools?: string[];
  commandExecution?: CommandExecutionSettings;
  /** `backend.pricing`: overrides the runtime's price table for this agent's cost estimates. */
  pricing?: ModelPrice;
  /**
   * Every other key of the `backend` block as written (snake_case: `api_key`, `base_url`,
   * `text`, `enable_web_search`, ...), after `${ENV}` interpolation. The backend package
   * validates these with its own options schema.
   */
  options: Record<string, unknown>;
}

export interface AgentConfig {
  id: string;
  systemMessage?: string;
  backend: BackendConfig;
}

export interface DisplaySettings {
  /** `textual` and `rich` are the live terminal UI; `simple` is plain lines; `none` is silent. */
  type: 'textual' | 'rich' | 'simple' | 'none';
  liveTimeline: boolean;
  showAgentCards: boolean;
}

export interface WorkspaceSettings {
  /** Where answer snapshots are kept (`orchestrator.snapshot_storage`), absolute. */
  snapshotStorage?: string;
  /** `orchestrator.snapshot_max_file_mb` and `snapshot_max_total_mb`, in bytes; the workspace package's defaults otherwise. */
  snapshotLimits?: { maxFileBytes?: number; maxSnapshotBytes?: number };
  /** Root of relative agent workspaces (`orchestrator.agent_temporary_workspace`), absolute. */
  agentTemporaryWorkspace?: string;
  /** Context paths shared by every agent (upstream's `orchestrator.context_paths`). */
  contextPaths: ContextPath[];
}

/** One validated configuration, whichever dialect it was written in. */
export interface MassGenConfig {
  /** Absolute path of the file it came from; absent for a configuration built from flags. */
  file?: string;
  /** Directory that relative paths in the configuration are resolved against. */
  baseDir: string;
  dialect: 'seed' | 'upstream';
  /** The file used the singular `agent:` form. */
  singleAgent: boolean;
  agents: AgentConfig[];
  /** Strategy to load by name: `vote` unless `workflow: sequential`, or `orchestrator.strategy`. */
  strategy: string;
  orchestrator: OrchestratorSettings;
  workspace: WorkspaceSettings;
  display: DisplaySettings;
  /** Unknown or unsupported keys and other non-fatal findings, each naming its key path. */
  warnings: Warning[];
  /** 1-based line of each key path in the file (`agents[0].backend.temperature` → 12). */
  lines: Record<string, number>;
  /** `agent "bob"` for each list item with an id or a name, by key path (`agents[1]`), for messages. */
  itemNames?: Record<string, string>;
  /**
   * The environment backends read keys from: the process environment overlaid on `.env`
   * from the working directory. Never written to logs or records.
   */
  env: Readonly<Record<string, string | undefined>>;
}
