import { RE2JS } from 're2js';
import { MassGenError } from '@massgen/core';

/** A file name is at most 255 bytes on common file systems; a longer pattern cannot be needed. */
export const maximumNamePatternLength = 255;

/**
 * A case-insensitive test of a file name: a `*`/`?` pattern for the whole name, or else a part
 * of it. The pattern is matched by RE2 (re2js), whose time grows linearly with the name for a
 * given pattern: a backtracking regular expression built from `*` spins for hours on a pattern
 * like `*a*a*a*a*a*a*a*a*a*a*a*a*b` against a long name, and blocks the whole process meanwhile.
 */
export function compileNamePattern(pattern: string): (name: string) => boolean {
  if (pattern.length > maximumNamePatternLength)
    throw new MassGenError({
      code: 'TOOL_FAILED',
      message: `The name pattern is ${pattern.length} characters; at most ${maximumNamePatternLength} are accepted.`,
    });
  if (!/[*?]/.test(pattern)) {
    const lowered = pattern.toLowerCase();
    return (name) => name.toLowerCase().includes(lowered);
  }
  const source = [...pattern.replace(/\*+/g, '*')]
    .map((character) => (character === '*' ? '.*' : character === '?' ? '.' : RE2JS.quote(character)))
    .join('');
  const expression = RE2JS.compile(source, RE2JS.CASE_INSENSITIVE | RE2JS.DOTALL);
  return (name) => expression.matches(name);
}
