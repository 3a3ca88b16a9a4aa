import { CitedSources, describeSources, type CitedSource } from '@massgen/backend-utils';
import type { StreamPart } from '@massgen/core';
import type { CodeExecutionResult, ExecutableCode, GroundingMetadata } from '@google/genai';

type ProviderToolPart = Extract<StreamPart, { type: 'provider-tool' }>;

/** What a code run's outcome says when it did not finish well. */
const failedOutcomes: Readonly<Record<string, string>> = {
  OUTCOME_FAILED: 'the code failed',
  OUTCOME_DEADLINE_EXCEEDED: 'the code ran past its time limit and was stopped',
};

/**
 * Follows what Google's own tools did during one streamed response: each run of code
 * (`executableCode`, then its `codeExecutionResult`) and the Google Search grounding
 * (`groundingMetadata`: the queries, the pages found, and which of them the text cites).
 */
export class GeminiBuiltInTools {
  private readonly pendingCode = new Map<string, string>();
  private lastCode: string | undefined;
  private grounding: GroundingMetadata | undefined;
  private runs = 0;

  /** Notes code the model is about to run; its result comes in a later part. */
  code(part: ExecutableCode): void {
    const code = part.code ?? '';
    if (part.id !== undefined) this.pendingCode.set(part.id, code);
    this.lastCode = code;
  }

  /** The run that a result ends, as a provider tool part; matched by id when Gemini gives one. */
  result(part: CodeExecutionResult): ProviderToolPart {
    const code = (part.id === undefined ? undefined : this.pendingCode.get(part.id)) ?? this.lastCode ?? '';
    this.lastCode = undefined;
    this.runs += 1;
    const outcome = part.outcome ?? 'OUTCOME_OK';
    const output = part.output ?? '';
    const failure = failedOutcomes[outcome];
    return {
      type: 'provider-tool',
      id: part.id ?? `code_execution_${this.runs}`,
      name: 'code_execution',
      input: code,
      output: failure === undefined ? (output === '' ? 'no output' : output) : output === '' ? failure : output,
      isError: failure !== undefined,
    };
  }

  /** Gemini repeats the grounding on later chunks as it grows; the last one is complete. */
  ground(metadata: GroundingMetadata): void {
    this.grounding = metadata;
  }

  /** The searches made, as one provider tool part: the queries and every page found. */
  searches(): ProviderToolPart | undefined {
    const queries = this.grounding?.webSearchQueries ?? [];
    if (queries.length === 0) return undefined;
    return {
      type: 'provider-tool',
      id: 'google_search',
      name: 'google_search',
      input: JSON.stringify({ queries }),
      output: describeSources(this.pages().filter((page) => page !== undefined)),
      isError: false,
    };
  }

  /**
   * The searches Google bills apart from tokens: Gemini 3 per search query, earlier models per
   * prompt grounded in search.
   */
  uses(): Record<string, number> | undefined {
    const queries = this.grounding?.webSearchQueries?.length ?? 0;
    return queries === 0 ? undefined : { google_search_queries: queries, grounded_prompts: 1 };
  }

  /** The pages the text cites (those a grounding support points at), as a list to end it with. */
  footnote(): string {
    const pages = this.pages();
    const cited = new CitedSources();
    for (const support of this.grounding?.groundingSupports ?? []) {
      for (const index of support.groundingChunkIndices ?? []) {
        const page = pages[index];
        if (page !== undefined) cited.add(page);
      }
    }
    return cited.footnote();
  }

  /** The web pages among the grounding chunks, at the chunks' indexes (supports refer to them by index). */
  private pages(): Array<CitedSource | undefined> {
    return (this.grounding?.groundingChunks ?? []).map(({ web }) =>
      web?.uri === undefined ? undefined : { url: web.uri, ...(web.title === undefined ? {} : { title: web.title }) },
    );
  }
}
