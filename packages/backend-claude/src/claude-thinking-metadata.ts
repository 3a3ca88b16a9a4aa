/** The key of this backend's data in `AssistantMessage.providerMetadata`. */
export const metadataKey = 'claude';

/**
 * A thinking block as Claude returned it. The signature (or, for redacted thinking, the encrypted
 * data) lets the API check that the block comes back unchanged, which it requires when a thinking
 * model's tool calls are answered within the same turn.
 */
export type ThinkingBlock =
  { type: 'thinking'; thinking: string; signature: string } | { type: 'redacted_thinking'; data: string };

/** The `provider-metadata` payload carrying one call's thinking blocks, in order. */
export function thinkingMetadata(blocks: readonly ThinkingBlock[]): Record<string, unknown> {
  return { [metadataKey]: { thinking: blocks.map((block) => ({ ...block })) } };
}

function isThinkingBlock(value: unknown): value is ThinkingBlock {
  if (typeof value !== 'object' || value === null) return false;
  const block = value as Record<string, unknown>;
  if (block['type'] === 'thinking')
    return typeof block['thinking'] === 'string' && typeof block['signature'] === 'string';
  return block['type'] === 'redacted_thinking' && typeof block['data'] === 'string';
}

/**
 * The thinking blocks to replay from an assistant message's metadata. Anything malformed (metadata
 * written by another version, or edited) is left out rather than sent: the API would reject it.
 */
export function readThinkingBlocks(providerMetadata: Record<string, unknown> | undefined): ThinkingBlock[] {
  const entry = providerMetadata?.[metadataKey];
  if (typeof entry !== 'object' || entry === null) return [];
  const blocks = (entry as Record<string, unknown>)['thinking'];
  if (!Array.isArray(blocks)) return [];
  return blocks
    .filter(isThinkingBlock)
    .map((block) =>
      block.type === 'thinking'
        ? { type: 'thinking', thinking: block.thinking, signature: block.signature }
        : { type: 'redacted_thinking', data: block.data },
    );
}
