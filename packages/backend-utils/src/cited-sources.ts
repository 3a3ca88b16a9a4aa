/** A web page a provider's answer cites. */
export interface CitedSource {
  url: string;
  title?: string;
}

/**
 * Collects the pages an answer cites, once each in the order first cited, and writes them as a
 * list to end the answer with: a provider gives citations beside its text, and MassGen keeps
 * them in the text so that they stay with the answer wherever it goes (votes, the final
 * answer, the record, the server's reply).
 */
export class CitedSources {
  private readonly byUrl = new Map<string, CitedSource>();

  add(source: CitedSource): void {
    if (source.url === '' || this.byUrl.has(source.url)) return;
    this.byUrl.set(source.url, source.title === undefined || source.title === '' ? { url: source.url } : source);
  }

  /** The list to append to the answer, or '' when nothing was cited. */
  footnote(): string {
    if (this.byUrl.size === 0) return '';
    const lines = [...this.byUrl.values()].map(
      ({ url, title }) => `- ${title === undefined ? url : `${title}: ${url}`}`,
    );
    return `\n\nSources:\n${lines.join('\n')}`;
  }
}

/** A search's sources as a tool result for people: one page a line. */
export function describeSources(sources: readonly CitedSource[]): string {
  if (sources.length === 0) return 'no sources listed';
  return sources.map(({ url, title }) => (title === undefined || title === '' ? url : `${title}: ${url}`)).join('\n');
}
