import type { BackendRequest, Warning } from '@massgen/core';

/** The generation options of node-llama-cpp that MassGen's settings map to. */
export interface LocalSampling {
  temperature: number;
  topP?: number;
  topK?: number;
  minP?: number;
  maxTokens?: number;
  seed?: number;
  customStopTriggers?: string[];
}

/**
 * llama.cpp samples greedily at temperature 0 by default, which would make every agent on the
 * same model write the same answer; a moderate temperature keeps a team diverse.
 */
export const defaultTemperature = 0.7;

const providerOptionKeys: Record<string, 'topK' | 'minP'> = {
  top_k: 'topK',
  topK: 'topK',
  min_p: 'minP',
  minP: 'minP',
};

/** Maps request settings and provider options; what llama.cpp cannot honour becomes a warning. */
export function mapLocalSampling(request: BackendRequest): { sampling: LocalSampling; warnings: Warning[] } {
  const settings = request.settings ?? {};
  const warnings: Warning[] = [];
  const sampling: LocalSampling = { temperature: settings.temperature ?? defaultTemperature };
  if (settings.topP !== undefined) sampling.topP = settings.topP;
  if (settings.maxOutputTokens !== undefined) sampling.maxTokens = settings.maxOutputTokens;
  if (settings.seed !== undefined) sampling.seed = settings.seed;
  if (settings.stopSequences !== undefined && settings.stopSequences.length > 0)
    sampling.customStopTriggers = [...settings.stopSequences];
  if (settings.reasoningEffort !== undefined) {
    warnings.push({
      code: 'unsupported-setting',
      message: `reasoning.effort (${settings.reasoningEffort}) is ignored by the local backend: a local model reasons or not by its own chat template.`,
      path: 'backend.reasoning.effort',
    });
  }
  for (const [key, value] of Object.entries(request.providerOptions ?? {})) {
    const target = providerOptionKeys[key];
    if (target !== undefined && typeof value === 'number') {
      sampling[target] = value;
      continue;
    }
    warnings.push({
      code: 'unsupported-setting',
      message: `provider option ${key} is ignored by the local backend (it accepts top_k and min_p as numbers).`,
    });
  }
  return { sampling, warnings };
}
