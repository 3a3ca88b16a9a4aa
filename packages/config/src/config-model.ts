import type { OrchestratorSettings, SamplingSettings, Warning } from '@massgen/core';
import type { ToolPackageConfig } from './tool-package-config.js';

/** What a model costs, in US dollars per million tokens. */
export interface ModelPrice {
  inputPerMillion: number;
  outputPerMillion: number;
  /** Price of input tokens served from the provider's cache; defaults to the input price. */
  cachedInputPerMillion?: number;
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
  /** `backend.exclude_tools`: tools this agent is never offered, by the name the agent sees. */
  excludeTools?: string[];
  /**
   * `backend.max_concurrent_requests`: the most requests at once to this agent's provider (its
   * type and base URL), shared by every agent on it; the smallest wins when agents differ.
   */
  maxConcurrentRequests?: number;
  /** `backend.pricing`: overrides the runtime's price table for this agent's cost estimates. */
  pricing?: ModelPrice;
  /** `backend.pricing.tool_uses`: US dollars per use of a provider's own tool, by its `Usage.providerToolUses` name. */
  toolUsePrices?: Readonly<Record<string, number>>;
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
  /**
   * Strategy keys written outside `orchestrator` (`timeout_settings.straggler_timeout_seconds`), by
   * key, for messages about them; every other run key of `orchestrator.strategyKeys` is under `orchestrator`.
   */
  strategyKeySegments?: Readonly<Record<string, ReadonlyArray<string | number>>>;
  /** `orchestrator.max_concurrent_requests`: the most model requests the run makes at once. */
  maxConcurrentRequests?: number;
  /**
   * The tool packages the configuration names, each with its settings as written: the built-in
   * `workspace` and `mcp` through the keys both formats have (`backend.cwd`, `context_paths`,
   * `backend.mcp_servers`, ...), any other through `tools.<name>` or `backend.tools.<name>`.
   */
  tools: ToolPackageConfig[];
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
