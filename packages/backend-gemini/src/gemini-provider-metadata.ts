/** The key under which this backend keeps its data in `AssistantMessage.providerMetadata`. */
export const geminiMetadataKey = 'gemini';

/**
 * What Gemini needs back on the next call of a turn. Gemini 2.5 and 3 sign their reasoning
 * (`thoughtSignature`) on the first function call of a step, or on the last part of a turn
 * without calls, and Gemini 3 rejects a replayed function call whose signature is missing.
 */
export interface GeminiTurnMetadata {
  /** Signatures by tool-call id, for the calls Gemini signed. */
  callSignatures: Record<string, string>;
  /** The signature Gemini put on a text part, when it signed one. */
  textSignature?: string;
  /** Call ids Gemini chose itself; the others were made up by MassGen and are not sent back. */
  modelCallIds: string[];
  /**
   * The parts that show what Google's own tools did (`toolCall` and `toolResponse` of Gemini 3's
   * server-side tool invocations, `executableCode` and `codeExecutionResult`), as they came:
   * Gemini expects them back with the turn when it goes on after a function call.
   */
  serverToolParts?: Array<Record<string, unknown>>;
}

/** The keys of a part that records the work of Google's own tools. */
export const serverToolPartKeys = ['toolCall', 'toolResponse', 'executableCode', 'codeExecutionResult'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `provider-metadata` part's payload for one call's turn data. */
export function toProviderMetadata(metadata: GeminiTurnMetadata): Record<string, unknown> {
  return { [geminiMetadataKey]: metadata };
}

/**
 * Reads this backend's data back from a message. The metadata may have travelled through a run
 * record or another process, so each field is checked rather than trusted.
 */
export function readGeminiMetadata(
  providerMetadata: Record<string, unknown> | undefined,
): GeminiTurnMetadata | undefined {
  const value = providerMetadata?.[geminiMetadataKey];
  if (!isRecord(value)) return undefined;
  const callSignatures: Record<string, string> = {};
  if (isRecord(value['callSignatures'])) {
    for (const [id, signature] of Object.entries(value['callSignatures'])) {
      if (typeof signature === 'string') callSignatures[id] = signature;
    }
  }
  const modelCallIds = Array.isArray(value['modelCallIds'])
    ? value['modelCallIds'].filter((id): id is string => typeof id === 'string')
    : [];
  const textSignature = value['textSignature'];
  const serverToolParts = Array.isArray(value['serverToolParts'])
    ? value['serverToolParts'].filter(
        (part): part is Record<string, unknown> =>
          isRecord(part) && serverToolPartKeys.some((key) => isRecord(part[key])),
      )
    : [];
  return {
    callSignatures,
    modelCallIds,
    ...(typeof textSignature === 'string' ? { textSignature } : {}),
    ...(serverToolParts.length === 0 ? {} : { serverToolParts }),
  };
}
