/** A hosted provider that speaks Chat Completions: where it lives and where its key is kept. */
export interface ProviderPreset {
  /** Name used in `provider:`, as a `backend.type`, and in messages. */
  name: string;
  /** The provider as people call it, for listings. */
  displayName: string;
  baseUrl: string;
  apiKeyEnvironmentVariable: string;
  /** The model `massgen init` offers. */
  defaultModel?: string;
  /** Other names accepted as this type (`kimi` for `moonshot`). */
  aliases?: readonly string[];
}

export const openAIPreset: ProviderPreset = {
  name: 'openai',
  displayName: 'OpenAI',
  baseUrl: 'https://api.openai.com/v1',
  apiKeyEnvironmentVariable: 'OPENAI_API_KEY',
};

/**
 * The hosted providers upstream MassGen names as backend types of their own, each a Chat
 * Completions endpoint with a fixed URL and key variable. `type: groq` and `provider: groq` mean the same.
 */
export const providerPresets = {
  groq: {
    name: 'groq',
    displayName: 'Groq',
    baseUrl: 'https://api.groq.com/openai/v1',
    apiKeyEnvironmentVariable: 'GROQ_API_KEY',
    defaultModel: 'llama-3.3-70b-versatile',
  },
  together: {
    name: 'together',
    displayName: 'Together AI',
    baseUrl: 'https://api.together.xyz/v1',
    apiKeyEnvironmentVariable: 'TOGETHER_API_KEY',
    defaultModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
  },
  openrouter: {
    name: 'openrouter',
    displayName: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    apiKeyEnvironmentVariable: 'OPENROUTER_API_KEY',
    defaultModel: 'openai/gpt-4o-mini',
  },
  cerebras: {
    name: 'cerebras',
    displayName: 'Cerebras',
    baseUrl: 'https://api.cerebras.ai/v1',
    apiKeyEnvironmentVariable: 'CEREBRAS_API_KEY',
    defaultModel: 'llama-3.3-70b',
  },
  fireworks: {
    name: 'fireworks',
    displayName: 'Fireworks AI',
    baseUrl: 'https://api.fireworks.ai/inference/v1',
    apiKeyEnvironmentVariable: 'FIREWORKS_API_KEY',
    defaultModel: 'accounts/fireworks/models/llama-v3p3-70b-instruct',
  },
  zai: {
    name: 'zai',
    displayName: 'Z.ai (Zhipu GLM)',
    baseUrl: 'https://api.z.ai/api/paas/v4',
    apiKeyEnvironmentVariable: 'ZAI_API_KEY',
    defaultModel: 'glm-4.5',
    aliases: ['zhipu'],
  },
  moonshot: {
    name: 'moonshot',
    displayName: 'Moonshot AI (Kimi)',
    baseUrl: 'https://api.moonshot.cn/v1',
    apiKeyEnvironmentVariable: 'MOONSHOT_API_KEY',
    defaultModel: 'kimi-k2-0905-preview',
    aliases: ['kimi'],
  },
  nebius: {
    name: 'nebius',
    displayName: 'Nebius AI Studio',
    baseUrl: 'https://api.studio.nebius.ai/v1',
    apiKeyEnvironmentVariable: 'NEBIUS_API_KEY',
    defaultModel: 'Qwen/Qwen3-4B-fast',
  },
  poe: {
    name: 'poe',
    displayName: 'Poe',
    baseUrl: 'https://api.poe.com/v1',
    apiKeyEnvironmentVariable: 'POE_API_KEY',
    defaultModel: 'GPT-4o',
  },
  qwen: {
    name: 'qwen',
    displayName: 'Qwen (Alibaba Cloud Model Studio)',
    baseUrl: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1',
    apiKeyEnvironmentVariable: 'QWEN_API_KEY',
    defaultModel: 'qwen-max',
    aliases: ['dashscope'],
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
