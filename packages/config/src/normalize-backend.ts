import type { SamplingSettings } from '@massgen/core';
import type { BackendConfig } from './config-model.js';
import type { ParsedBackend } from './backend-schema.js';
import { findBackendType } from './backend-catalog.js';
import { dropUndefined } from './drop-undefined.js';
import { backendKeyRule } from './known-keys.js';

/**
 * Whether a backend key goes to the backend package: its options and keys nobody knows (the package
 * warns about those), but not the keys MassGen reads itself nor upstream features it has not.
 */
function reachesBackend(type: string, key: string): boolean {
  const rule = backendKeyRule(type, key);
  return rule === undefined || rule.kind === 'option';
}

/**
 * One agent's backend in the model's form: sampling settings under their core names, and the
 * rest as options. Keys that belong to tool packages (`cwd`, `mcp_servers`, `tools`, ...) are
 * neither: they reach their package through `MassGenConfig.tools`.
 */
export function normalizeBackend(backend: ParsedBackend): BackendConfig {
  const written = backend.type ?? '';
  // An alias (`anthropic`) becomes the type it names, so the package gets the type it serves.
  const type = backend.package == null ? (findBackendType(written)?.type ?? written) : written;
  // A type with no package (`ollama`) is not a warning here: the run's preflight rejects it,
  // saying what to write instead, unless a third-party package for it is installed.

  const { effort, ...otherReasoning } = backend.reasoning ?? {};
  const sampling: SamplingSettings = dropUndefined({
    temperature: backend.temperature ?? undefined,
    topP: backend.top_p ?? undefined,
    maxOutputTokens: backend.max_tokens ?? undefined,
    reasoningEffort: effort ?? undefined,
    seed: backend.seed ?? undefined,
  });
  const options: Record<string, unknown> = Object.fromEntries(
    Object.entries(backend).filter(([key]) => reachesBackend(written, key)),
  );
  if (Object.keys(otherReasoning).length > 0) options.reasoning = otherReasoning;

  return dropUndefined({
    type,
    model: backend.model ?? '',
    package: backend.package ?? undefined,
    sampling,
    excludeTools: backend.exclude_tools ?? undefined,
    maxConcurrentRequests: backend.max_concurrent_requests ?? undefined,
    pricing:
      backend.pricing?.input_per_million == null || backend.pricing.output_per_million == null
        ? undefined
        : dropUndefined({
            inputPerMillion: backend.pricing.input_per_million,
            outputPerMillion: backend.pricing.output_per_million,
            cachedInputPerMillion: backend.pricing.cached_input_per_million ?? undefined,
          }),
    toolUsePrices: backend.pricing?.tool_uses ?? undefined,
    options,
  });
}
