import path from 'node:path';
import { ConfigError } from '@massgen/core';
import type { ConfigIssue } from '@massgen/core';
import { inferBackendType } from './backend-types.js';
import { urlCredentialsProblem } from './check-backend-urls.js';
import { resolveEnvironment } from './config-environment.js';
import type { AgentConfig, MassGenConfig } from './config-model.js';
import { dropUndefined } from './drop-undefined.js';
import { defaultOrchestratorSettings, defaultStrategy } from './normalize-orchestrator.js';

export interface QuickConfigOptions {
  /** Model name, or a `.gguf` file for the local backend. */
  model: string;
  /** Backend type; inferred from the model name when absent (see `inferBackendType`). */
  backend?: string;
  baseUrl?: string;
  apiKey?: string;
  systemMessage?: string;
  /** How many identical agents to run; 1 by default. */
  agents?: number;
  /** Working directory: `.env` is read here and relative paths resolve here. */
  cwd?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

/** A run of 100 identical agents is already far past what coordination is useful for. */
const maxQuickAgents = 100;

/**
 * A configuration built from command-line flags (`massgen --model M "question"`), with no
 * file: the given number of agents on one backend, every other setting at its default.
 */
export function createQuickConfig(options: QuickConfigOptions): MassGenConfig {
  const model = options.model.trim();
  const count = options.agents ?? 1;
  const issues: ConfigIssue[] = [];
  if (model === '') issues.push({ path: 'model', message: 'missing; expected a model name such as "gpt-5-nano"' });
  if (!Number.isInteger(count) || count < 1 || count > maxQuickAgents) {
    issues.push({
      path: 'agents',
      message: `expected a whole number of agents from 1 to ${maxQuickAgents}, got ${count}`,
    });
  }
  if (options.backend !== undefined && !/^[a-z0-9][a-z0-9_-]*$/.test(options.backend)) {
    issues.push({
      path: 'backend',
      message: `expected a backend type in lower case, such as "openai", got ${JSON.stringify(options.backend)}`,
    });
  }
  const credentials = urlCredentialsProblem(options.baseUrl);
  if (credentials !== undefined) issues.push({ path: 'base_url', message: credentials });
  if (issues.length > 0) throw new ConfigError({ issues });

  const baseDir = path.resolve(options.cwd ?? process.cwd());
  const type = options.backend ?? inferBackendType(model);
  const baseId = agentIdFromModel(model);
  const agents = Array.from({ length: count }, (_, index): AgentConfig =>
    dropUndefined({
      id: count === 1 ? baseId : `${baseId}-${index + 1}`,
      systemMessage: options.systemMessage,
      backend: {
        type,
        model,
        sampling: {},
        options: dropUndefined({ base_url: options.baseUrl, api_key: options.apiKey }),
      },
    }),
  );
  const orchestrator = defaultOrchestratorSettings();
  return {
    baseDir,
    dialect: 'seed',
    singleAgent: count === 1,
    agents,
    strategy: defaultStrategy(orchestrator.workflow),
    orchestrator,
    tools: [],
    display: { type: 'textual', liveTimeline: true, showAgentCards: true },
    warnings: [],
    lines: {},
    env: resolveEnvironment({ cwd: baseDir, env: options.env }),
  };
}

/** `gpt-5-nano` stays as is; `models/qwen.Q4.gguf` becomes `qwen.Q4`; `/` and `\` become `-`. */
function agentIdFromModel(model: string): string {
  const name = model.toLowerCase().endsWith('.gguf') ? path.basename(model).slice(0, -'.gguf'.length) : model;
  return name.replace(/[/\\\p{Cc}]+/gu, '-');
}

/** Variables that hold a hosted provider's key; with none of them set, `massgen "question"` runs locally. */
export const providerKeyVariables = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'XAI_API_KEY',
  'AZURE_OPENAI_API_KEY',
] as const;

/** How many agents the no-configuration local team has: enough to vote, few enough for a laptop. */
export const localDefaultTeamSize = 2;

/**
 * The team `massgen "question"` runs with no configuration and no API key: a few agents on the
 * default local model (`MASSGEN_LOCAL_MODEL` overrides it). Undefined when a provider key is
 * set, because then the user meant a hosted model and should say which.
 */
export function createLocalDefaultConfig(
  options: Pick<QuickConfigOptions, 'cwd' | 'env' | 'systemMessage'>,
): MassGenConfig | undefined {
  const config = createQuickConfig({ ...options, model: 'local', backend: 'local', agents: localDefaultTeamSize });
  if (providerKeyVariables.some((name) => (config.env[name] ?? '').trim() !== '')) return undefined;
  return config;
}
