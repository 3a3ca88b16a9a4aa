/** One part of a tool package's settings, as written, and where it is in the file. */
export interface ToolSettingsSource {
  /** The keys as written, after `${ENV}` interpolation; the package's schema checks them. */
  settings: Record<string, unknown>;
  /** Key path of the block they are written in: `["tools", "weather"]`, `["agents", 0, "backend"]`. */
  segments: Array<string | number>;
  /** Keys written somewhere else than directly in that block (the seed's `cwd` beside `backend`). */
  keySegments?: Record<string, Array<string | number>>;
  /** Key paths in the block whose values came from the environment (`${NAME}`): never echoed in messages. */
  environmentPaths?: string[];
}

/** A tool package a configuration names, with its settings for the run and for each agent that has some. */
export interface ToolPackageConfig {
  /** The name it is loaded by: `mcp`, `workspace`, or the key under `tools` (`weather` loads `@massgen/tools-weather`). */
  name: string;
  /** `tools.<name>.package`: a package to load instead of the one named after `name`. */
  package?: string;
  run?: ToolSettingsSource;
  agents: Array<ToolSettingsSource & { agentId: string }>;
}

/**
 * Where the built-in tool packages' settings are in both configuration formats. Config knows
 * only where they are written; their schemas, defaults and meaning belong to the packages.
 */
export const builtInToolKeys: Readonly<
  Record<
    string,
    {
      agent?: readonly string[];
      backend?: readonly string[];
      orchestrator?: readonly string[];
      coordination?: readonly string[];
    }
  >
> = {
  mcp: { backend: ['mcp_servers'] },
  custom: { backend: ['custom_tools', 'custom_tools_timeout_seconds'] },
  workspace: {
    agent: ['cwd'],
    backend: [
      'cwd',
      'context_paths',
      'enable_mcp_command_line',
      'command_execution',
      'command_line_execution_mode',
      'command_line_allowed_commands',
      'command_line_blocked_commands',
      'command_line_docker_image',
      'command_line_docker_memory_limit',
      'command_line_docker_cpu_limit',
      'command_line_docker_network_mode',
      'command_line_docker_enable_sudo',
      'require_docker',
    ],
    orchestrator: [
      'context_paths',
      'snapshot_storage',
      'snapshot_max_file_mb',
      'snapshot_max_total_mb',
      'agent_temporary_workspace',
    ],
  },
  skills: { coordination: ['use_skills', 'skills_directory'] },
  human: {
    coordination: [
      'human_input',
      'broadcast',
      'broadcast_timeout',
      'max_broadcasts_per_agent',
      'broadcast_sensitivity',
      'broadcast_wait_by_default',
      'response_depth',
    ],
  },
  planning: {
    coordination: [
      'enable_planning_mode',
      'planning_mode_instruction',
      'enable_agent_task_planning',
      'max_tasks_per_plan',
      'task_planning_filesystem_mode',
      'plan_depth',
    ],
  },
  media: {
    backend: ['enable_image_generation', 'enable_audio_generation', 'enable_multimodal_tools'],
    orchestrator: ['enable_multimodal_tools', 'image_generation_backend', 'audio_generation_backend'],
  },
};
