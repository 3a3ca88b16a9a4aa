import { z } from 'zod';

/** The key of this backend's entry in `AssistantMessage.providerMetadata`. */
export const openAIMetadataKey = 'openai';

const outputItemRecord = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('reasoning'),
    id: z.string(),
    summary: z.array(z.string()),
    /** Present when the response was not stored: the only way to give the reasoning back. */
    encryptedContent: z.string().optional(),
  }),
  z.object({ type: z.literal('message'), id: z.string() }),
  z.object({ type: z.literal('function_call'), id: z.string(), callId: z.string() }),
]);

const metadataSchema = z.object({ outputItems: z.array(outputItemRecord) });

/**
 * One output item of a response, as much of it as the next call of the same turn needs to give
 * it back: reasoning in full, and the ids that tie the text and the calls to that reasoning.
 */
export type OutputItemRecord = z.infer<typeof outputItemRecord>;

export function openAIProviderMetadata(outputItems: readonly OutputItemRecord[]): Record<string, unknown> {
  return { [openAIMetadataKey]: { outputItems } };
}

/** The output items recorded on an assistant message, or `undefined` when there are none (or they are not ours). */
export function readOpenAIProviderMetadata(
  providerMetadata: Record<string, unknown> | undefined,
): OutputItemRecord[] | undefined {
  const result = metadataSchema.safeParse(providerMetadata?.[openAIMetadataKey]);
  return result.success ? result.data.outputItems : undefined;
}
