import { describe, expect, it } from 'vitest';
import { appendOutput, currentTurn, emptyOutput, outputLimit, startTurn } from './agent-output.js';

describe('agent output', () => {
  it('joins consecutive deltas of the same kind into one segment', () => {
    let output = startTurn(emptyOutput, 'round 1');
    for (const text of ['Fo', 'ur', '.']) output = appendOutput(output, 'text', text);
    output = appendOutput(output, 'reasoning', 'hmm');
    output = appendOutput(output, 'text', ' Done');
    expect(currentTurn(output)).toEqual([
      { kind: 'text', text: 'Four.' },
      { kind: 'reasoning', text: 'hmm' },
      { kind: 'text', text: ' Done' },
    ]);
  });

  it('keeps tool lines apart even when they follow each other', () => {
    let output = appendOutput(emptyOutput, 'tool-call', 'search(a)');
    output = appendOutput(output, 'tool-call', 'search(b)');
    expect(output.segments).toHaveLength(2);
  });

  it('shows only the current turn, while the whole output stays', () => {
    let output = startTurn(emptyOutput, 'round 1');
    output = appendOutput(output, 'text', 'first');
    output = startTurn(output, 'round 2');
    output = appendOutput(output, 'text', 'second');
    expect(currentTurn(output)).toEqual([{ kind: 'text', text: 'second' }]);
    expect(output.segments.map((segment) => segment.text)).toEqual(['round 1', 'first', 'round 2', 'second']);
  });

  it('drops the oldest output beyond the limit and keeps the newest', () => {
    let output = startTurn(emptyOutput, 'round 1');
    output = appendOutput(output, 'text', 'a'.repeat(outputLimit));
    output = startTurn(output, 'round 2');
    output = appendOutput(output, 'text', 'tail');
    expect(output.size).toBeLessThanOrEqual(outputLimit);
    expect(currentTurn(output)).toEqual([{ kind: 'text', text: 'tail' }]);
    expect(output.segments.at(-2)).toEqual({ kind: 'turn', text: 'round 2' });
  });

  it('cuts a single oversized segment from its start', () => {
    const output = appendOutput(emptyOutput, 'text', `${'a'.repeat(outputLimit)}end`);
    expect(output.size).toBe(outputLimit);
    expect(output.segments[0]?.text.endsWith('end')).toBe(true);
  });

  it('ignores empty deltas', () => {
    expect(appendOutput(emptyOutput, 'text', '')).toBe(emptyOutput);
  });
});
