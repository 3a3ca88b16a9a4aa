import { ConfigError, MassGenError } from '@massgen/core';
import type { AgentWorkspace, Backend, Warning } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { backendSettings, checkBackendOptions } from './backend-options.js';
import { PluginLoader } from './plugin-loader.js';

/**
 * Creates the backend of the configuration's agent at `index`: loads its package by type,
 * checks the agent's options against the package's schema, and reports warnings as the agent's.
 * `workspace` is the agent's workspace in a run, for backends that run tools themselves.
 */
export async function createConfiguredBackend(
  loader: PluginLoader,
  config: MassGenConfig,
  index: number,
  warn: (warning: Warning) => void,
  workspace?: AgentWorkspace,
): Promise<Backend> {
  const agent = config.agents[index];
  if (agent === undefined) throw new MassGenError({ code: 'INTERNAL', message: `No agent at index ${index}.` });
  const { module } = await loader.loadBackend(agent.backend.type, agent.backend.package);
  const checked = checkBackendOptions(config, index, module);
  if (checked.issues.length > 0)
    throw new ConfigError({ ...(config.file === undefined ? {} : { file: config.file }), issues: checked.issues });
  for (const warning of checked.warnings) warn(warning);
  return module.createBackend(
    backendSettings(config, agent, checked, (warning) => warn({ ...warning, agentId: agent.id }), workspace),
  );
}

export interface CreateConfiguredBackendsOptions {
  /** Where plugins are resolved from first (the user's project). Defaults to the process's. */
  cwd?: string;
  pluginSearchPaths?: string[];
  pluginConditions?: string[];
  warn?: (warning: Warning) => void;
}

/**
 * Every agent's backend, by agent id, ready to hand to `run()` as `backends`. A long-lived
 * caller (the HTTP server) creates them once, so configuration and installation problems show
 * at start, and runs skip loading and validating plugins.
 */
export async function createConfiguredBackends(
  config: MassGenConfig,
  options: CreateConfiguredBackendsOptions = {},
): Promise<Record<string, Backend>> {
  const loader = new PluginLoader({
    searchPaths: [options.cwd ?? process.cwd(), ...(options.pluginSearchPaths ?? [])],
    conditions: options.pluginConditions ?? [],
  });
  const warn = options.warn ?? (() => {});
  const backends = await Promise.all(
    config.agents.map((_, index) => createConfiguredBackend(loader, config, index, warn)),
  );
  return Object.fromEntries(config.agents.map((agent, index) => [agent.id, backends[index] as Backend]));
}
