/** What a piece of an agent's output is, which decides how it is drawn. */
export type OutputKind = 'text' | 'reasoning' | 'tool-call' | 'tool-result' | 'tool-error' | 'answer' | 'turn';

export interface OutputSegment {
  kind: OutputKind;
  text: string;
}

/** Everything an agent streamed, in order, with turn markers between its turns. */
export interface AgentOutput {
  segments: readonly OutputSegment[];
  /** Index of the current turn's marker in `segments`, or -1 before the first turn. */
  turnStart: number;
  /** Total characters held, to keep memory bounded on long runs. */
  size: number;
}

/**
 * Characters kept per agent. The focus view shows the end of the output; older text is
 * still in the run record, so a long run does not grow the display without bound.
 */
export const outputLimit = 200_000;

export const emptyOutput: AgentOutput = { segments: [], turnStart: -1, size: 0 };

/**
 * Appends streamed text or a tool line. Consecutive text (or reasoning) deltas join one
 * segment, so a turn of thousands of deltas stays a handful of segments.
 */
export function appendOutput(output: AgentOutput, kind: Exclude<OutputKind, 'turn'>, text: string): AgentOutput {
  if (text === '') return output;
  const last = output.segments[output.segments.length - 1];
  const joins = last !== undefined && last.kind === kind && (kind === 'text' || kind === 'reasoning');
  const segments = joins
    ? [...output.segments.slice(0, -1), { kind, text: last.text + text }]
    : [...output.segments, { kind, text }];
  return bound({ segments, turnStart: output.turnStart, size: output.size + text.length });
}

/** Marks the start of a new turn; the card shows only the current turn's output. */
export function startTurn(output: AgentOutput, title: string): AgentOutput {
  const segments = [...output.segments, { kind: 'turn' as const, text: title }];
  return bound({ segments, turnStart: segments.length - 1, size: output.size + title.length });
}

/** The segments of the turn in progress (or the last one). */
export function currentTurn(output: AgentOutput): readonly OutputSegment[] {
  return output.turnStart < 0 ? output.segments : output.segments.slice(output.turnStart + 1);
}

function bound(output: AgentOutput): AgentOutput {
  if (output.size <= outputLimit) return output;
  const segments = [...output.segments];
  let size = output.size;
  let dropped = 0;
  while (size > outputLimit && segments.length > 1) {
    size -= segments[0]?.text.length ?? 0;
    segments.shift();
    dropped += 1;
  }
  const first = segments[0];
  if (first !== undefined && size > outputLimit) {
    const keep = first.text.slice(size - outputLimit);
    segments[0] = { kind: first.kind, text: keep };
    size = keep.length;
  }
  return { segments, turnStart: Math.max(-1, output.turnStart - dropped), size };
}
