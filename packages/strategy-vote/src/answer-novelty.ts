export type NoveltyRequirement = 'lenient' | 'balanced' | 'strict';

/**
 * Word-set overlap (Jaccard) above which an answer counts as repeating an earlier one, as
 * upstream MassGen's `answer_novelty_requirement` defines it. `lenient` refuses nothing.
 */
const refusalThresholds: Readonly<Record<NoveltyRequirement, number | undefined>> = {
  lenient: undefined,
  balanced: 0.7,
  strict: 0.5,
};

/** An earlier answer that a new one resembles, and how much. */
export interface Resemblance {
  label: string;
  /** Shared words over all words of the two answers, 0–1. */
  overlap: number;
}

export type NoveltyVerdict = { accepted: true; novel: boolean } | { accepted: false; problem: string };

// Word segmentation rather than splitting on spaces, so Chinese and Japanese answers (no spaces
// between words) are compared word by word too.
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

export function wordSet(text: string): Set<string> {
  const words = new Set<string>();
  for (const segment of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (segment.isWordLike === true) words.add(segment.segment);
  }
  return words;
}

/** Jaccard similarity of two word sets; two answers without words are the same answer. */
export function wordOverlap(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  if (first.size === 0 && second.size === 0) return 1;
  let shared = 0;
  for (const word of first) if (second.has(word)) shared += 1;
  return shared / (first.size + second.size - shared);
}

/**
 * Remembers every answer of a run and judges new ones against all of them, superseded ones
 * included: re-submitting an answer that was already replaced adds nothing either.
 *
 * Two questions are asked of a new answer. Is it refused (the run's requirement)? And is it
 * novel, which is what counts as progress for stagnation and plateau? Novelty uses the
 * requirement's threshold, or the balanced one when the run refuses nothing, so a lenient run
 * still notices agents that only restate answers.
 */
export class AnswerNovelty {
  private readonly earlier: Array<{ label: string; words: Set<string> }> = [];
  private readonly refusalThreshold: number | undefined;
  private readonly noveltyThreshold: number;
  private lastWords: { content: string; words: Set<string> } | undefined;

  constructor(private readonly requirement: NoveltyRequirement) {
    this.refusalThreshold = refusalThresholds[requirement];
    this.noveltyThreshold = this.refusalThreshold ?? (refusalThresholds.balanced as number);
  }

  judge(content: string): NoveltyVerdict {
    const closest = this.closest(this.wordsOf(content));
    if (closest === undefined) return { accepted: true, novel: true };
    if (this.refusalThreshold !== undefined && closest.overlap > this.refusalThreshold) {
      return { accepted: false, problem: this.describeRefusal(closest, this.refusalThreshold) };
    }
    return { accepted: true, novel: closest.overlap <= this.noveltyThreshold };
  }

  record(label: string, content: string): void {
    this.earlier.push({ label, words: this.wordsOf(content) });
  }

  /** The words of `content`, found once for the judging and the recording of the same answer. */
  private wordsOf(content: string): Set<string> {
    if (this.lastWords?.content !== content) this.lastWords = { content, words: wordSet(content) };
    return this.lastWords.words;
  }

  private closest(words: ReadonlySet<string>): Resemblance | undefined {
    let best: Resemblance | undefined;
    for (const answer of this.earlier) {
      const overlap = wordOverlap(words, answer.words);
      if (best === undefined || overlap > best.overlap) best = { label: answer.label, overlap };
    }
    return best;
  }

  private describeRefusal(closest: Resemblance, threshold: number): string {
    return (
      `the answer repeats answer ${closest.label}: the two share ${percent(closest.overlap, Math.ceil)} of their words, and this run ` +
      `accepts at most ${percent(threshold, Math.round)} (answer_novelty_requirement: ${this.requirement}); submit an answer that ` +
      'differs in substance, or vote for the existing one'
    );
  }
}

/** Rounded up for a refused overlap, so it never reads as equal to the limit it exceeded. */
function percent(fraction: number, round: (value: number) => number): string {
  return `${round(fraction * 100)}%`;
}
