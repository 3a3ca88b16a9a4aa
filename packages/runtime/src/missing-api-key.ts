import type { BackendModule, BackendTypeMetadata } from '@massgen/core';
import { findBackendType } from '@massgen/config';
import type { AgentConfig, MassGenConfig } from '@massgen/config';

/** An agent that will certainly find no API key at its first call, and where it would look. */
export interface MissingApiKey {
  /** The environment variables any one of which would hold the key. */
  variables: readonly string[];
  /** `backend.api_key` is written but empty (its `${VARIABLE}` is not set). */
  emptyApiKey: boolean;
}

/**
 * Whether an agent's backend will stop at its first call for want of a key, judged from the
 * type's metadata without reading any key: it needs one, `backend.api_key` gives none, and none
 * of its variables is set. A configuration that points the backend elsewhere (`base_url`,
 * `provider`) may change where the key comes from, so it is never judged missing here.
 */
export function findMissingApiKey(
  config: MassGenConfig,
  agent: AgentConfig,
  module: BackendModule | undefined,
): MissingApiKey | undefined {
  const type = typeMetadata(agent.backend.type, module);
  if (type === undefined || !type.requiresApiKey) return undefined;
  const { options } = agent.backend;
  if (options['base_url'] !== undefined || options['provider'] !== undefined) return undefined;
  const configured = options['api_key'];
  if (typeof configured === 'string' && configured.trim() !== '') return undefined;
  const variables = type.apiKeyEnvironmentVariables;
  if (configured === undefined && variables.some((name) => (config.env[name] ?? '').trim() !== '')) return undefined;
  if (configured === undefined && variables.length === 0) return undefined;
  return { variables, emptyApiKey: configured !== undefined };
}

/** What to do about a missing key: `set ANTHROPIC_API_KEY (in the environment or .env) or backend.api_key`. */
export function describeMissingApiKey(missing: MissingApiKey): string {
  if (missing.emptyApiKey) return 'no API key: backend.api_key is empty (is the environment variable it names set?)';
  const variables = missing.variables.join(' or ');
  return `no API key: set ${variables} (in the environment or .env), or backend.api_key`;
}

function typeMetadata(type: string, module: BackendModule | undefined): BackendTypeMetadata | undefined {
  const declared = module?.metadata?.types.find((entry) => entry.type === type || (entry.aliases ?? []).includes(type));
  return declared ?? findBackendType(type);
}
