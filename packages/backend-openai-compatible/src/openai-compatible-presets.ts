/** A hosted provider that speaks Chat Completions: where it lives and where its key is kept. */
export interface ProviderPreset {
  /** Name used in `provider:` and in messages. */
  name: string;
  baseUrl: string;
  apiKeyEnvironmentVariable: string;
}

export const openAIPreset: ProviderPreset = {
  name: 'openai',
  baseUrl: 'https://api.openai.com/v1',
  apiKeyEnvironmentVariable: 'OPENAI_API_KEY',
};

export const providerPresets = {
  groq: { name: 'groq', baseUrl: 'https://api.groq.com/openai/v1', apiKeyEnvironmentVariable: 'GROQ_API_KEY' },
  together: { name: 'together', baseUrl: 'https://api.together.xyz/v1', apiKeyEnvironmentVariable: 'TOGETHER_API_KEY' },
  openrouter: {
    name: 'openrouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    apiKeyEnvironmentVariable: 'OPENROUTER_API_KEY',
  },
  cerebras: { name: 'cerebras', baseUrl: 'https://api.cerebras.ai/v1', apiKeyEnvironmentVariable: 'CEREBRAS_API_KEY' },
  fireworks: {
    name: 'fireworks',
    baseUrl: 'https://api.fireworks.ai/inference/v1',
    apiKeyEnvironmentVariable: 'FIREWORKS_API_KEY',
  },
} as const satisfies Record<string, ProviderPreset>;

export type ProviderPresetName = keyof typeof providerPresets;

export const providerPresetNames = Object.keys(providerPresets) as [ProviderPresetName, ...ProviderPresetName[]];

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * The preset whose host serves `baseUrl`, so that a configuration naming only a `base_url`
 * still reads the right key variable (`api.groq.com` → `GROQ_API_KEY`).
 */
export function presetForBaseUrl(baseUrl: string): ProviderPreset | undefined {
  const host = hostOf(baseUrl);
  if (host === undefined) return undefined;
  return [openAIPreset, ...Object.values(providerPresets)].find((preset) => hostOf(preset.baseUrl) === host);
}
