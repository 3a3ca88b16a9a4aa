import { createHash } from 'node:crypto';

/**
 * The signature the fake puts on a thinking block: a digest of its text, so that a block sent
 * back altered (or with another block's signature) is caught, as the real API catches it.
 */
export function signThinking(thinking: string): string {
  return createHash('sha256').update(`massgen-fake-thinking\u0000${thinking}`).digest('base64');
}

export function isValidThinkingSignature(thinking: string, signature: string): boolean {
  return signature === signThinking(thinking);
}
