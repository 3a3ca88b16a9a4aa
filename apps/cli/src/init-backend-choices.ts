/** What `massgen init` knows about a backend type: a sensible model, and where its key comes from. */
export interface InitBackendChoice {
  type: string;
  label: string;
  defaultModel: string;
  /** Environment variables any one of which holds the key; empty when the backend needs none. */
  keyVariables: readonly string[];
  /** A base URL the configuration must name (a local server, a gateway, an Azure resource). */
  defaultBaseUrl?: string;
}

export const initBackendChoices: readonly InitBackendChoice[] = [
  { type: 'openai', label: 'OpenAI', defaultModel: 'gpt-5-nano', keyVariables: ['OPENAI_API_KEY'] },
  { type: 'claude', label: 'Anthropic Claude', defaultModel: 'claude-sonnet-4-5', keyVariables: ['ANTHROPIC_API_KEY'] },
  {
    type: 'gemini',
    label: 'Google Gemini',
    defaultModel: 'gemini-2.5-flash',
    keyVariables: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  },
  { type: 'grok', label: 'xAI Grok', defaultModel: 'grok-4-fast', keyVariables: ['XAI_API_KEY'] },
  {
    type: 'claude_code',
    label: 'Claude Code (needs @anthropic-ai/claude-agent-sdk)',
    defaultModel: 'claude-sonnet-4-5',
    keyVariables: ['ANTHROPIC_API_KEY'],
  },
  {
    type: 'azure_openai',
    label: 'Azure OpenAI (model = deployment name)',
    defaultModel: 'gpt-5-nano',
    keyVariables: ['AZURE_OPENAI_API_KEY'],
    defaultBaseUrl: 'https://YOUR-RESOURCE.openai.azure.com',
  },
  {
    type: 'lmstudio',
    label: 'LM Studio (local)',
    defaultModel: 'qwen2.5-7b-instruct',
    keyVariables: [],
    defaultBaseUrl: 'http://localhost:1234/v1',
  },
  {
    type: 'vllm',
    label: 'vLLM (local server)',
    defaultModel: 'Qwen/Qwen2.5-7B-Instruct',
    keyVariables: [],
    defaultBaseUrl: 'http://localhost:8000/v1',
  },
  {
    type: 'sglang',
    label: 'SGLang (local server)',
    defaultModel: 'Qwen/Qwen2.5-7B-Instruct',
    keyVariables: [],
    defaultBaseUrl: 'http://localhost:30000/v1',
  },
  {
    type: 'chatcompletion',
    label: 'Any OpenAI-compatible endpoint',
    defaultModel: 'gpt-4o-mini',
    keyVariables: ['OPENAI_API_KEY'],
    defaultBaseUrl: 'https://api.openai.com/v1',
  },
];

/** Short names people type for a type: `anthropic` for claude, `google` for gemini, `xai` for grok. */
const aliases: Readonly<Record<string, string>> = {
  anthropic: 'claude',
  google: 'gemini',
  xai: 'grok',
  azure: 'azure_openai',
  'claude-code': 'claude_code',
  local: 'lmstudio',
};

export function findInitBackend(name: string): InitBackendChoice | undefined {
  const normalized = name.trim().toLowerCase();
  const type = aliases[normalized] ?? normalized;
  return initBackendChoices.find((choice) => choice.type === type);
}
