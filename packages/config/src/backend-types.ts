/**
 * Backend types MassGen-TS ships a package for (`type: x` loads `@massgen/backend-x`, with
 * `_` written as `-`). Any other type is still loaded by name, from a package the user installs.
 */
export const supportedBackendTypes = [
  'openai',
  'azure_openai',
  'claude',
  'claude_code',
  'gemini',
  'grok',
  'chatcompletion',
  'lmstudio',
  'vllm',
  'sglang',
  'local',
] as const;

export type SupportedBackendType = (typeof supportedBackendTypes)[number];

/** Upstream's OpenAI-compatible presets: each is a chat-completions endpoint with a fixed base URL. */
const upstreamPresetTypes = [
  'zai',
  'cerebras',
  'together',
  'fireworks',
  'groq',
  'openrouter',
  'moonshot',
  'nebius',
  'poe',
  'qwen',
];

/**
 * Why an upstream backend type has no MassGen-TS package, with what to use instead. The
 * configuration still loads: the runtime fails later, naming the package it could not find.
 */
export function upstreamBackendTypeNote(type: string): string | undefined {
  if (type === 'ag2') return 'AG2 (AutoGen) agents are not supported by MassGen-TS';
  if (type === 'inference' || type === 'uitars') return `upstream's "${type}" backend is not supported by MassGen-TS`;
  if (upstreamPresetTypes.includes(type)) {
    return `MassGen-TS has no "${type}" preset; it is an OpenAI-compatible endpoint, so use type "chatcompletion" with that provider's base_url (and api_key)`;
  }
  return undefined;
}

/**
 * The backend type a bare model name implies, for `massgen --model M` without `--backend`:
 * OpenAI, Anthropic, Google and xAI model families by prefix, a `.gguf` file or `local` for
 * the local backend, and a generic chat-completions endpoint for everything else.
 */
export function inferBackendType(model: string): SupportedBackendType {
  const name = model.trim().toLowerCase();
  if (name.endsWith('.gguf') || name === 'local' || name.startsWith('hf:')) return 'local';
  if (name.startsWith('gpt-') || /^o[134]/.test(name)) return 'openai';
  if (name.startsWith('claude-')) return 'claude';
  if (name.startsWith('gemini-')) return 'gemini';
  if (name.startsWith('grok-')) return 'grok';
  return 'chatcompletion';
}
