import { catalogOptionKeys, optionKeysOfType } from './backend-catalog.js';

/**
 * Every configuration key MassGen knows, in one table, for both dialects: what the loader
 * does with it, and which dialect it comes from. Unknown keys, unsupported upstream features
 * and keys upstream itself ignores are all reported from here, so this is the one place to
 * update when a feature lands.
 */

export type Dialect = 'seed' | 'upstream';

export type SectionName =
  | 'root'
  | 'agent'
  | 'backend'
  | 'mcpServer'
  | 'mcpSecurity'
  | 'mcpSecurityEnv'
  | 'contextPath'
  | 'orchestrator'
  | 'coordination'
  | 'budget'
  | 'timeoutSettings'
  | 'ui'
  | 'display';

export type KeyRule =
  /** Validated and mapped into the model; `section` names the table its value's keys follow. */
  | { kind: 'read'; dialect?: Dialect; section?: SectionName; shape?: 'mapping' | 'list' | 'list-or-mapping' }
  /** A backend setting handed to the backend package as written, which validates it. */
  | { kind: 'option' }
  /**
   * A key the coordination strategy owns (upstream's `voting_sensitivity`, the vote's `topology`):
   * handed to the strategy as written, which checks it with its schema. Listed only where upstream
   * writes one outside `orchestrator`, or to count the dialect it belongs to.
   */
  | { kind: 'strategy'; dialect?: Dialect }
  /** An upstream feature MassGen-TS does not have; warned about when it is switched on. */
  | {
      kind: 'unsupported';
      feature: string;
      /** For a provider's own tool: the backend types that offer it, named in the warning for the others. */
      offeredBy?: readonly string[];
    }
  /** A key upstream does not read either; always warned about, with what to write instead (`hint`). */
  | { kind: 'ignored'; hint: string }
  /** A MassGen v1 key: an error, because the file means something this version cannot run. */
  | { kind: 'v1'; replacement: string };

export interface Section {
  keys: Readonly<Record<string, KeyRule>>;
  /** Families of keys matched by prefix, longest prefix first. */
  prefixes?: ReadonlyArray<{ prefix: string; rule: KeyRule }>;
  /** Unknown keys of a backend still reach the backend package, so the warning says so. */
  unknownKeysReachBackend?: boolean;
  /** Unknown keys are the strategy's: it checks them and warns about those it does not read. */
  unknownKeysReachStrategy?: boolean;
}

const read = (dialect?: Dialect): KeyRule => ({ kind: 'read', dialect });
const nested = (section: SectionName, shape: 'mapping' | 'list' | 'list-or-mapping', dialect?: Dialect): KeyRule => ({
  kind: 'read',
  dialect,
  section,
  shape,
});
const option: KeyRule = { kind: 'option' };
const strategy = (dialect?: Dialect): KeyRule => ({ kind: 'strategy', dialect });

/**
 * The options of every first-party backend, read from their own schemas (through the generated
 * catalog), so this table and the backends cannot drift. The rules written below win.
 */
function backendOptionKeys(): Record<string, KeyRule> {
  return Object.fromEntries([...catalogOptionKeys()].sort().map((key) => [key, option]));
}
const unsupported = (feature: string): KeyRule => ({ kind: 'unsupported', feature });
/** A provider's own tool: an option of the backends in `offeredBy`, not offered by the others. */
const providerTool = (feature: string, offeredBy: readonly string[]): KeyRule => ({
  kind: 'unsupported',
  feature,
  offeredBy,
});
const ignored = (hint: string): KeyRule => ({ kind: 'ignored', hint });
const v1 = (replacement: string): KeyRule => ({ kind: 'v1', replacement });

const subagents = unsupported('subagents');
const filesystemMemory = unsupported('filesystem memory');
const customTools = unsupported('custom tools');
const nlip = unsupported('NLIP');
const mediaGeneration = unsupported('video and file generation tools (the media tools make images and speech)');

export const knownKeys: Readonly<Record<SectionName, Section>> = {
  root: {
    keys: {
      agent: nested('agent', 'mapping'),
      agents: nested('agent', 'list'),
      orchestrator: nested('orchestrator', 'mapping'),
      display: nested('display', 'mapping'),
      ui: nested('ui', 'mapping', 'upstream'),
      timeout_settings: nested('timeoutSettings', 'mapping', 'upstream'),
      tools: read(),
      memory: unsupported('memory (conversation, persistent and compression settings)'),
      filesystem_memory: filesystemMemory,
      hooks: unsupported('global tool hooks'),
      session_id: unsupported('resuming a session (session_id)'),
      nlip,
      timeout: ignored('use timeout_settings.orchestrator_timeout_seconds'),
      task: ignored('the task is given on the command line'),
      models: v1('list the agents under `agents:`, each with its own `backend`'),
      model_configs: v1('list the agents under `agents:`, each with its own `backend`'),
      num_agents: v1('list one entry per agent under `agents:`'),
      max_rounds: v1('use orchestrator.max_rounds'),
      consensus_threshold: v1('use orchestrator.convergence_threshold'),
      voting_enabled: v1(
        'voting is how the parallel workflow ends; use orchestrator.workflow: sequential to chain agents instead',
      ),
      enable_voting: v1(
        'voting is how the parallel workflow ends; use orchestrator.workflow: sequential to chain agents instead',
      ),
    },
  },
  agent: {
    keys: {
      id: read(),
      system_message: read(),
      voting_sensitivity: strategy(),
      backend: nested('backend', 'mapping'),
      cwd: read('seed'),
      memory: unsupported('per-agent memory'),
      append_system_prompt: ignored(
        'upstream reads only id, backend, system_message and memory here; put its text in system_message',
      ),
      enable_nlip: nlip,
      nlip,
    },
    unknownKeysReachStrategy: true,
  },
  backend: {
    unknownKeysReachBackend: true,
    keys: {
      ...backendOptionKeys(),
      type: read(),
      model: read(),
      package: read(),
      cwd: read(),
      temperature: read(),
      top_p: read(),
      max_tokens: read(),
      seed: read(),
      reasoning: read(),
      context_paths: nested('contextPath', 'list', 'seed'),
      mcp_servers: nested('mcpServer', 'list-or-mapping'),
      exclude_tools: read('upstream'),
      pricing: read(),
      max_concurrent_requests: read(),
      tools: read(),
      enable_web_search: providerTool('web search', ['openai', 'claude', 'gemini', 'grok', 'openrouter']),
      enable_code_execution: providerTool('code execution', ['claude', 'gemini']),
      enable_code_interpreter: providerTool('a code interpreter', ['openai']),
      custom_tools: read('upstream'),
      custom_tools_timeout_seconds: read(),
      auto_discover_custom_tools: customTools,
      exclude_custom_tools: customTools,
      enable_code_based_tools: unsupported('code-based tools'),
      direct_mcp_servers: unsupported('direct MCP servers'),
      shared_tools_directory: unsupported('a shared tools directory'),
      concurrent_tool_execution: unsupported('concurrent tool execution'),
      hooks: unsupported('per-backend tool hooks'),
      output_schema: unsupported('structured output (output_schema)'),
      enable_programmatic_flow: unsupported('Claude programmatic tool calling'),
      enable_tool_search: unsupported('Claude tool search'),
      tool_search_variant: unsupported('Claude tool search'),
      enable_strict_tool_use: unsupported('Claude strict tool use'),
      enforce_read_before_delete: unsupported('read-before-delete enforcement'),
      exclude_file_operation_mcps: unsupported('file-operation MCP servers'),
      enable_mcp_command_line: read('upstream'),
      command_execution: read('seed'),
      command_line_execution_mode: read('upstream'),
      command_line_allowed_commands: read('upstream'),
      command_line_blocked_commands: read('upstream'),
      command_line_docker_image: read('upstream'),
      command_line_docker_memory_limit: read('upstream'),
      command_line_docker_cpu_limit: read('upstream'),
      command_line_docker_network_mode: read('upstream'),
      command_line_docker_enable_sudo: read('upstream'),
      command_line_docker_credentials: unsupported('passing credentials into command containers'),
      command_line_docker_packages: unsupported('packages pre-installed in command containers'),
      require_docker: read(),
      enable_image_generation: read('upstream'),
      enable_audio_generation: read('upstream'),
      enable_video_generation: mediaGeneration,
      enable_file_generation: mediaGeneration,
      enable_multimodal_tools: read('upstream'),
      multimodal_config: mediaGeneration,
      upload_files: unsupported('file uploads (upload_files)'),
      agent_config: unsupported('AG2 agent settings'),
      group_config: unsupported('AG2 group chat'),
      debug_delay_seconds: unsupported('debug delays'),
      debug_delay_after_n_tools: unsupported('debug delays'),
    },
    prefixes: [
      { prefix: 'command_line_docker_', rule: unsupported('this Docker setting for command execution') },
      { prefix: 'command_line_', rule: unsupported('command execution settings') },
    ],
  },
  mcpServer: {
    keys: {
      name: read(),
      type: read(),
      command: read(),
      args: read(),
      env: read(),
      cwd: read(),
      url: read(),
      headers: read(),
      allowed_tools: read(),
      exclude_tools: read(),
      integration: read(),
      package: read(),
      options: read(),
      security: nested('mcpSecurity', 'mapping'),
      defer_loading: unsupported('deferred MCP tool loading'),
    },
  },
  mcpSecurity: {
    keys: {
      level: read('upstream'),
      allowed_executables: read('upstream'),
      env: nested('mcpSecurityEnv', 'mapping', 'upstream'),
      allow_localhost: read('upstream'),
      allow_private_ips: read('upstream'),
      resolve_dns: read('upstream'),
      allowed_hostnames: read('upstream'),
      sandbox: read(),
    },
  },
  mcpSecurityEnv: {
    keys: {
      mode: read('upstream'),
      level: read('upstream'),
      allowed_vars: read('upstream'),
      denied_vars: read('upstream'),
    },
  },
  contextPath: {
    keys: {
      path: read(),
      access: read('seed'),
      permission: read('upstream'),
      protected_paths: read('upstream'),
    },
  },
  orchestrator: {
    keys: {
      workflow: read('seed'),
      strategy: read('seed'),
      max_rounds: read('seed'),
      convergence_threshold: strategy('seed'),
      voting_method: strategy('seed'),
      enable_restarts: strategy('seed'),
      restart_after_stagnation: strategy('seed'),
      snapshot_storage: read(),
      snapshot_max_file_mb: read('seed'),
      snapshot_max_total_mb: read('seed'),
      agent_temporary_workspace: read(),
      max_turn_attempts: read(),
      coordinate_single_agent: read('seed'),
      budget: nested('budget', 'mapping'),
      context_paths: nested('contextPath', 'list', 'upstream'),
      max_new_answers_per_agent: strategy('upstream'),
      answer_novelty_requirement: strategy('upstream'),
      coordination: nested('coordination', 'mapping', 'upstream'),
      skip_coordination_rounds: unsupported('skipping coordination (skip_coordination_rounds)'),
      voting_sensitivity: strategy('upstream'),
      max_concurrent_requests: read(),
      debug_final_answer: unsupported('a fixed debug final answer'),
      dspy: unsupported('DSPy question paraphrasing'),
      enable_multimodal_tools: read('upstream'),
      image_generation_backend: read('upstream'),
      audio_generation_backend: read('upstream'),
      video_generation_backend: mediaGeneration,
      enable_nlip: nlip,
      nlip,
      skills_directory: ignored(
        'upstream reads skills_directory only under orchestrator.coordination, beside use_skills',
      ),
      docker: unsupported('orchestrator Docker settings'),
      session_storage: ignored('sessions are not configured in this file'),
      timeout: ignored('upstream validates it but never reads it; use timeout_settings.orchestrator_timeout_seconds'),
      max_turns: ignored('use orchestrator.max_rounds'),
      type: ignored('use orchestrator.workflow: sequential to chain agents'),
    },
    unknownKeysReachStrategy: true,
  },
  coordination: {
    keys: {
      // Read by @massgen/tools-planning.
      enable_planning_mode: read('upstream'),
      planning_mode_instruction: read('upstream'),
      plan_depth: read('upstream'),
      enable_agent_task_planning: read('upstream'),
      max_tasks_per_plan: read('upstream'),
      task_planning_filesystem_mode: read('upstream'),
      // The vote strategy's: the winner may restart the coordination after presenting.
      max_orchestration_restarts: strategy('upstream'),
      human_input: read(),
      // Read by @massgen/tools-human: "human" is human_input; it warns about "agents" itself.
      broadcast: read('upstream'),
      broadcast_sensitivity: read('upstream'),
      response_depth: read('upstream'),
      broadcast_timeout: read('upstream'),
      broadcast_wait_by_default: read('upstream'),
      max_broadcasts_per_agent: read('upstream'),
      enable_memory_filesystem_mode: filesystemMemory,
      compression_target_ratio: filesystemMemory,
      use_skills: read('upstream'),
      massgen_skills: unsupported("MassGen's own built-in skills; put skill folders in skills_directory"),
      skills_directory: read('upstream'),
      load_previous_session_skills: unsupported('skills saved by earlier sessions'),
      persona_generator: unsupported('generated personas'),
      enable_subagents: subagents,
      async_subagents: subagents,
      use_two_tier_workspace: unsupported('the two-tier (scratch and deliverable) workspace'),
    },
    prefixes: [{ prefix: 'subagent_', rule: subagents }],
  },
  budget: {
    keys: {
      max_tokens_total: read(),
      max_cost_usd: read(),
    },
  },
  timeoutSettings: {
    keys: {
      orchestrator_timeout_seconds: read(),
      initial_round_timeout_seconds: read(),
      subsequent_round_timeout_seconds: read(),
      round_timeout_grace_seconds: strategy(),
      straggler_timeout_seconds: strategy(),
    },
  },
  ui: {
    keys: {
      display_type: read(),
      logging_enabled: read(),
      type: ignored('use ui.display_type'),
      display_kwargs: unsupported('display options (display_kwargs)'),
      automation_mode: unsupported('automation mode'),
      skip_agent_selector: unsupported('the end-of-run agent selector'),
      theme: unsupported('display themes'),
      use_orchestrator_for_single_agent: read('upstream'),
    },
  },
  display: {
    keys: {
      type: read(),
      live_timeline: read('seed'),
      show_agent_cards: read('seed'),
      logging_enabled: ignored('use ui.logging_enabled'),
    },
  },
};

/** The rule for a key in a section, by exact name or by family prefix; `undefined` when unknown. */
export function ruleFor(section: SectionName, key: string): KeyRule | undefined {
  const table = knownKeys[section];
  if (Object.hasOwn(table.keys, key)) return table.keys[key];
  return table.prefixes?.find((family) => key.startsWith(family.prefix))?.rule;
}

/**
 * The rule for `key` in a backend block of `type`: an upstream feature other backends do not
 * have is an option (it reaches the backend and is not warned about) where the type's own
 * package reads it.
 */
export function backendKeyRule(type: unknown, key: string): KeyRule | undefined {
  const rule = ruleFor('backend', key);
  return rule?.kind === 'unsupported' && optionKeysOfType(type).has(key) ? option : rule;
}
