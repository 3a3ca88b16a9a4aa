import { MassGenError } from '@massgen/core';
import type { Backend, UserContentPart } from '@massgen/core';

/**
 * One question to a model, with its media, and the model's whole text answer. A failed call
 * throws the backend's error (a part it cannot take is refused before the request).
 */
export async function askModel(backend: Backend, content: UserContentPart[], signal: AbortSignal): Promise<string> {
  let text = '';
  for await (const part of backend.stream({ messages: [{ role: 'user', content }] }, { signal })) {
    if (part.type === 'text-delta') text += part.text;
    if (part.type === 'error') throw new MassGenError(part.error);
  }
  if (text.trim() === '') {
    throw new MassGenError({
      code: 'BACKEND_BAD_REQUEST',
      message: `${backend.provider} (${backend.modelId}) answered with no text.`,
      provider: backend.provider,
    });
  }
  return text;
}

/** The words for the model that answered, for a tool's result: `openai gpt-4.1`. */
export function describeModel(backend: Backend): string {
  return `${backend.provider} ${backend.modelId}`.trim();
}
