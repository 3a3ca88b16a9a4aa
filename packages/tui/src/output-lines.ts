import type { OutputKind, OutputSegment } from '@massgen/run-state';
import { oneLine, tailLines, truncateEnd } from '@massgen/run-state';

export interface OutputLine {
  kind: OutputKind;
  text: string;
}

const prefixes: Record<OutputKind, string> = {
  text: '',
  reasoning: '',
  'tool-call': '⚙ ',
  'tool-result': '↳ ',
  'tool-error': '✗ ',
  answer: '',
  turn: '── ',
};

/**
 * The last `count` lines of some output segments, wrapped to `width`. Walks from the end and
 * stops as soon as the lines are found, so the cost does not grow with the output's length.
 */
export function lastOutputLines(segments: readonly OutputSegment[], width: number, count: number): OutputLine[] {
  const lines: OutputLine[] = [];
  for (let index = segments.length - 1; index >= 0 && lines.length < count; index -= 1) {
    const segment = segments[index];
    if (segment === undefined) continue;
    if (segment.kind === 'text' || segment.kind === 'reasoning') {
      const wrapped = tailLines(segment.text, width, count - lines.length);
      lines.unshift(...wrapped.map((line) => ({ kind: segment.kind, text: line })));
    } else if (segment.kind === 'answer') {
      // An answer is shown whole, under its label: it is what the agent submitted.
      const [label = '', ...content] = segment.text.split('\n');
      const wrapped = tailLines(content.join('\n'), width, count - lines.length);
      lines.unshift(...wrapped.map((line) => ({ kind: segment.kind, text: line })));
      if (lines.length < count) lines.unshift({ kind: 'turn', text: truncateEnd(`✔ answer ${label}`, width) });
    } else {
      // Tool calls and turn markers are one line each: their gist matters, not their full text.
      const text =
        segment.kind === 'turn'
          ? `${prefixes.turn}${segment.text} ──`
          : `${prefixes[segment.kind]}${oneLine(segment.text)}`;
      lines.unshift({ kind: segment.kind, text: truncateEnd(text, width) });
    }
  }
  return lines;
}
