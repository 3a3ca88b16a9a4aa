import { CitedSources, describeSources } from '@massgen/backend-utils';
import type { StreamPart } from '@massgen/core';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/**
 * xAI's live search, as a Chat Completions stream reports it: the pages used, as `citations` on
 * the last chunk, and how many sources were read, as `usage.num_sources_used`. Other servers send
 * neither, and nothing is added for them.
 */
export class LiveSearchReport {
  private citations: string[] = [];
  private sourcesUsed = 0;

  read(chunk: ChatCompletionChunk): void {
    const { citations } = chunk as { citations?: unknown };
    if (Array.isArray(citations)) this.citations = citations.filter((url): url is string => typeof url === 'string');
    const used = (chunk.usage as { num_sources_used?: unknown } | null | undefined)?.num_sources_used;
    if (typeof used === 'number') this.sourcesUsed = used;
  }

  /** The search as a provider tool part, then the cited pages as text to end the answer with. */
  *parts(): Generator<StreamPart> {
    if (this.citations.length === 0 && this.sourcesUsed === 0) return;
    const pages = this.citations.map((url) => ({ url }));
    yield {
      type: 'provider-tool',
      id: 'live_search',
      name: 'live_search',
      input: '{}',
      output: pages.length > 0 ? describeSources(pages) : `${this.sourcesUsed} sources used, none cited`,
      isError: false,
    };
    const cited = new CitedSources();
    for (const page of pages) cited.add(page);
    const footnote = cited.footnote();
    if (footnote !== '') yield { type: 'text-delta', text: footnote };
  }
}
