import { ConfigError } from '@massgen/core';
import type { Backend, ConfigIssue, ToolModelChoice, Warning } from '@massgen/core';
import { formatKeyPath } from '@massgen/config';
import type { AgentConfig, MassGenConfig } from '@massgen/config';
import { describeOptionIssue } from './backend-options.js';
import type { PluginLoader } from './plugin-loader.js';

/** The type and options of the backend a choice names for an agent (see `createChosenBackend`). */
export function resolveChoice(
  agent: AgentConfig,
  choice: ToolModelChoice,
): { own: boolean; type: string; options: Record<string, unknown> } {
  const own = choice.type === undefined || choice.type === agent.backend.type;
  return own
    ? { own, type: agent.backend.type, options: { ...agent.backend.options, ...choice.options } }
    : { own, type: choice.type as string, options: { ...choice.options } };
}

/**
 * Creates the backend a model choice names for an agent (a tool's or the strategy's model): with
 * the agent's own type, its backend with the choice's model and options over its own; with
 * another type, that type with only the options written for it. The options are checked by the
 * package's schema, as an agent's are. A type no package serves rejects with the loader's
 * `PLUGIN_` error; any other problem is a `ConfigError` whose paths are keys of the choice's
 * block (`timeout_seconds`, `model`), so that each caller can say where that block is.
 */
export async function createChosenBackend(
  loader: PluginLoader,
  config: MassGenConfig,
  agent: AgentConfig,
  choice: ToolModelChoice,
  warn: (warning: Warning) => void,
): Promise<Backend> {
  const { own, type, options } = resolveChoice(agent, choice);
  const { module } = await loader.loadBackend(type, own ? agent.backend.package : undefined);
  const parsed = module.optionsSchema?.safeParse(options);
  const file = config.file === undefined ? {} : { file: config.file };
  if (parsed !== undefined && !parsed.success) {
    const issues = parsed.error.issues.map((issue): ConfigIssue => {
      const { inside, message } = describeOptionIssue(issue, options);
      return { path: formatKeyPath(inside), message };
    });
    throw new ConfigError({ ...file, issues });
  }
  try {
    return module.createBackend({
      agentId: agent.id,
      type,
      model: choice.model ?? (own ? agent.backend.model : ''),
      options,
      ...(parsed === undefined ? {} : { parsedOptions: parsed.data }),
      env: config.env,
      warn: (warning) => warn({ ...warning, agentId: agent.id }),
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // The backend names its own keys (`backend.model`); here they are the choice's.
    const issues = error.issues.map((issue) => ({ ...issue, path: issue.path.replace(/^backend(\.|$)/, '') }));
    throw new ConfigError({ ...file, issues });
  }
}
