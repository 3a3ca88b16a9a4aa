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

  get size(): number {
    return this.byUrl.size;
  }

  add(source: CitedSource): void {
    if (source.url === '' || this.byUrl.has(source.url)) return;
    this.byUrl.set(source.url, source.title === undefined || source.title === '' ? { url: source.url } : source);
  }

  /** The list to append to the answer, or '' when nothing was cited. */
  footnote(): string {
    return listSources([...this.byUrl.values()]);
  }

  /** The list of the cited pages `text` does not mention yet, to append to it; '' when it mentions them all. */
  footnoteFor(text: string): string {
    return listSources([...this.byUrl.values()].filter(({ url }) => !text.includes(url)));
  }
}

const sourcesHeading = '\n\nSources:\n';

function listSources(sources: readonly CitedSource[]): string {
  if (sources.length === 0) return '';
  const lines = sources.map(({ url, title }) => `- ${title === undefined ? url : `${title}: ${url}`}`);
  return `${sourcesHeading}${lines.join('\n')}`;
}

/**
 * The pages listed at the end of a text, as `CitedSources` writes them; none when the text does
 * not end with such a list. This is how the sources of an answer are found again after the
 * answer has travelled as text (into a workflow call, a record, another agent's context).
 */
export function sourcesListedIn(text: string): CitedSource[] {
  const start = text.lastIndexOf(sourcesHeading);
  if (start === -1) return [];
  const sources: CitedSource[] = [];
  for (const line of text.slice(start + sourcesHeading.length).split('\n')) {
    const match = /^- (?:(.+): )?(https?:\/\/\S+)$/.exec(line);
    if (match?.[2] === undefined) return [];
    sources.push(match[1] === undefined ? { url: match[2] } : { url: match[2], title: match[1] });
  }
  return sources;
}

/** A search's sources as a tool result for people: one page a line. */
export function describeSources(sources: readonly CitedSource[]): string {
  if (sources.length === 0) return 'no sources listed';
  return sources.map(({ url, title }) => (title === undefined || title === '' ? url : `${title}: ${url}`)).join('\n');
}
