import { describe, expect, it } from 'vitest';
import { fitWidth, oneLine, tailLines, truncateEnd, truncateStart, wrapText } from './text-lines.js';

describe('wrapText', () => {
  it('breaks at spaces and keeps words whole when they fit', () => {
    expect(wrapText('the quick brown fox jumps', 10)).toEqual(['the quick', 'brown fox', 'jumps']);
  });

  it('cuts a word longer than a line', () => {
    expect(wrapText('abcdefghijkl xy', 5)).toEqual(['abcde', 'fghij', 'kl xy']);
  });

  it('starts a new line at each newline and keeps blank lines', () => {
    expect(wrapText('one\n\ntwo', 10)).toEqual(['one', '', 'two']);
  });

  it('counts an emoji as one code point, not two UTF-16 units', () => {
    expect(wrapText('😀😀😀😀', 2)).toEqual(['😀😀', '😀😀']);
  });
});

describe('tailLines', () => {
  it('returns the last lines, without trailing blank ones', () => {
    expect(tailLines('a\nb\nc\nd\n\n', 10, 2)).toEqual(['c', 'd']);
  });

  it('wraps only the end of a long text, starting at a line boundary', () => {
    const long = `${'x'.repeat(100_000)}\nfirst kept line\nlast line`;
    expect(tailLines(long, 20, 2)).toEqual(['first kept line', 'last line']);
  });

  it('returns nothing for no lines', () => {
    expect(tailLines('text', 10, 0)).toEqual([]);
  });
});

describe('truncation', () => {
  it('marks a cut end or start with an ellipsis', () => {
    expect(truncateEnd('abcdef', 4)).toBe('abc…');
    expect(truncateEnd('abc', 4)).toBe('abc');
    expect(truncateStart('abcdef', 4)).toBe('…def');
  });

  it('pads to an exact width', () => {
    expect(fitWidth('ab', 4)).toBe('ab  ');
    expect(fitWidth('abcdef', 4)).toBe('abc…');
  });

  it('flattens whitespace to one line', () => {
    expect(oneLine('  a\n\tb  c ')).toBe('a b c');
  });
});
