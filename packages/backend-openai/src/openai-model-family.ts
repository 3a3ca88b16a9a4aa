/**
 * What a model name says about the parameters OpenAI accepts for it. `reasoning` models (the
 * o-series, GPT-5 but its `-chat` variants, gpt-oss, codex-mini) refuse `temperature` and `top_p`;
 * `classic` models (GPT-4 family, GPT-3.5, the `-chat` variants) refuse reasoning settings; of
 * `unknown` names (a fine-tune's alias, another server's model) nothing is assumed.
 */
export type OpenAIModelFamily = 'reasoning' | 'classic' | 'unknown';

/** `openai/gpt-5` and `ft:o4-mini-2025-04-16:acme::id` are named after the model they run. */
function baseName(model: string): string {
  return model
    .slice(model.lastIndexOf('/') + 1)
    .toLowerCase()
    .replace(/^ft:/, '');
}

export function openAIModelFamily(model: string): OpenAIModelFamily {
  const name = baseName(model);
  if (/^o\d/.test(name) || name.startsWith('gpt-oss') || name.startsWith('codex-')) return 'reasoning';
  if (name.startsWith('gpt-5')) return name.includes('-chat') ? 'classic' : 'reasoning';
  if (name.startsWith('gpt-4') || name.startsWith('gpt-3.5') || name.startsWith('chatgpt-')) return 'classic';
  return 'unknown';
}

/** Search-preview and audio models exist on Chat Completions only. */
export function requiresChatCompletions(model: string): boolean {
  const name = baseName(model);
  return name.includes('-search-') || name.includes('audio');
}
