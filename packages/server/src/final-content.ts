/**
 * The part of the final answer a client has not yet received as content deltas. Usually the
 * deltas were the answer (nothing is left) or there were none (the whole answer is left: the
 * winner's answer stood as submitted). If a presentation failed part way and the run fell back to
 * the submitted answer, the deltas cannot be taken back: the answer follows them after a blank line.
 */
export function remainingContent(streamed: string, final: string): string {
  if (final.startsWith(streamed)) return final.slice(streamed.length);
  return `\n\n${final}`;
}
