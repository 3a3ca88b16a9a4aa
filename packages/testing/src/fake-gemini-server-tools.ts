import type { FakeGeminiBuiltInToolUse, FakeGeminiPart, FakeGeminiRequest } from './fake-gemini-server-types.js';

const toolKeys: Readonly<Record<FakeGeminiBuiltInToolUse['type'], string>> = {
  google_search: 'googleSearch',
  code_execution: 'codeExecution',
};

/** The keys of Google's own tools among a request's `tools` (every key but `functionDeclarations`). */
export function builtInToolsOf(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return (tools as unknown[]).flatMap((tool) =>
    typeof tool === 'object' && tool !== null ? Object.keys(tool).filter((key) => key !== 'functionDeclarations') : [],
  );
}

function generation(model: string): number | undefined {
  const match = /^gemini-(\d+(?:\.\d+)?)/.exec(model);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Gemini's answer to a request offering its own tools beside function declarations: before
 * Gemini 3 the mix is refused; Gemini 3 takes it when the request asks for the server's tool
 * invocations (`toolConfig.includeServerSideToolInvocations`).
 */
export function toolCombinationProblem(request: FakeGeminiRequest): string | undefined {
  if (request.builtInTools.length === 0 || request.functionDeclarations.length === 0) return undefined;
  const combines = (generation(request.model) ?? 0) >= 3;
  if (combines && request.toolConfig?.['includeServerSideToolInvocations'] === true) return undefined;
  return combines
    ? 'Built-in tools combined with function calling require tool_config.include_server_side_tool_invocations to be set.'
    : 'Tool use with function calling is unsupported';
}

/** The uses whose tool the request offered. */
export function offeredUses(
  uses: readonly FakeGeminiBuiltInToolUse[] | undefined,
  request: FakeGeminiRequest,
): FakeGeminiBuiltInToolUse[] {
  return (uses ?? []).filter((use) => request.builtInTools.includes(toolKeys[use.type]));
}

/**
 * Each search as Gemini 3 reports it when the request asks for the server's tool invocations
 * (`toolConfig.includeServerSideToolInvocations`, needed to combine its tools with functions): a
 * `toolCall` part and its `toolResponse` part, which the client is to send back with the turn.
 * Without that setting the searches show only in the grounding.
 */
export function serverToolInvocationParts(
  uses: readonly FakeGeminiBuiltInToolUse[],
  request: FakeGeminiRequest,
): FakeGeminiPart[][] {
  if (request.toolConfig?.['includeServerSideToolInvocations'] !== true) return [];
  return uses.flatMap((use, position) => {
    if (use.type !== 'google_search') return [];
    const id = `server-tool-${request.index}-${position}`;
    const toolType = 'GOOGLE_SEARCH_WEB';
    return [
      [{ toolCall: { id, toolType, args: { queries: use.queries } } }],
      [{ toolResponse: { id, toolType, response: { results: use.sources } } }],
    ];
  });
}

/** Each run of code as two chunks' parts: `executableCode`, then its `codeExecutionResult`. */
export function codeExecutionParts(uses: readonly FakeGeminiBuiltInToolUse[]): FakeGeminiPart[][] {
  return uses.flatMap((use) =>
    use.type === 'code_execution'
      ? [
          [{ executableCode: { language: 'PYTHON', code: use.code } }],
          [{ codeExecutionResult: { outcome: use.outcome ?? 'OUTCOME_OK', output: use.output ?? '' } }],
        ]
      : [],
  );
}

/**
 * The `groundingMetadata` of a text written after these searches: the queries, one web chunk per
 * page (under Google's redirect URL in reality; the scripted URL here), and one support that ties
 * the whole text (byte offsets, as Google counts them) to every page.
 */
export function groundingMetadata(
  uses: readonly FakeGeminiBuiltInToolUse[],
  text: string,
): Record<string, unknown> | undefined {
  const searches = uses.flatMap((use) => (use.type === 'google_search' ? [use] : []));
  if (searches.length === 0) return undefined;
  const sources = searches.flatMap((search) => search.sources);
  return {
    webSearchQueries: searches.flatMap((search) => search.queries),
    searchEntryPoint: { renderedContent: '<style>.container{}</style><div class="container">Search suggestions</div>' },
    groundingChunks: sources.map(({ url, title }) => ({ web: { uri: url, title } })),
    groundingSupports:
      sources.length === 0 || text === ''
        ? []
        : [
            {
              segment: { startIndex: 0, endIndex: Buffer.byteLength(text), text },
              groundingChunkIndices: sources.map((_, index) => index),
            },
          ],
  };
}

/** The prompt tokens the tools' results added, which Gemini reports as `toolUsePromptTokenCount`. */
export function toolUsePromptTokens(uses: readonly FakeGeminiBuiltInToolUse[]): number {
  const text = uses
    .map((use) => (use.type === 'google_search' ? JSON.stringify(use.sources) : (use.output ?? '')))
    .join('');
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}
