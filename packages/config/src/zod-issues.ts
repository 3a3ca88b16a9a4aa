import type { z } from 'zod';
import { describeKind, describeValue } from './describe-value.js';
import type { PathIssue } from './findings.js';
import type { KeySegment } from './key-path.js';

type RawIssue = z.core.$ZodRawIssue;
type Issue = z.core.$ZodIssue;

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

/**
 * Zod's per-parse error map: says what was expected, in the user's words, for issues whose
 * schema did not bring its own message. The received value is added by `toPathIssues`,
 * which knows which values must not be echoed.
 */
export function describeExpectation(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${typeWords[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string') return 'expected non-empty text';
      if (issue.origin === 'array') return `expected a list of at least ${issue.minimum} items`;
      return `expected a number ${issue.inclusive ? 'of at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'array') return `expected a list of at most ${issue.maximum} items`;
      return `expected a number ${issue.inclusive ? 'of at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_format':
      return `expected text in ${issue.format} format`;
    default:
      return 'expected a valid value';
  }
}

/**
 * Turns zod issues into located configuration issues. A failed union reports the branch
 * that got furthest into the value (a list of servers with one bad field reports that field,
 * not "expected a mapping"). Values at secret paths are described by type only.
 */
export function toPathIssues(
  issues: readonly Issue[],
  isSecret: (segments: readonly KeySegment[]) => boolean,
): PathIssue[] {
  return issues.flatMap((issue) => convert(issue, [], isSecret));
}

function convert(
  issue: Issue,
  base: KeySegment[],
  isSecret: (segments: readonly KeySegment[]) => boolean,
): PathIssue[] {
  const segments = [...base, ...issue.path.map(toSegment)];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = closestBranch(issue.errors);
    if (closest !== undefined) return closest.flatMap((inner) => convert(inner, segments, isSecret));
  }
  if (issue.code === 'custom') return [{ segments, message: issue.message }];
  if (issue.input === undefined) return [{ segments, message: `missing; ${issue.message}` }];
  const received = isSecret(segments) ? describeKind(issue.input) : describeValue(issue.input);
  return [{ segments, message: `${issue.message}, got ${received}` }];
}

/** The branch whose issues reach deepest, if it went deeper than the union itself. */
function closestBranch(branches: readonly Issue[][]): Issue[] | undefined {
  let best: Issue[] | undefined;
  let bestDepth = 0;
  for (const branch of branches) {
    const depth = Math.max(0, ...branch.map((issue) => issue.path.length));
    if (depth > bestDepth) {
      best = branch;
      bestDepth = depth;
    }
  }
  return best;
}

function toSegment(key: PropertyKey): KeySegment {
  return typeof key === 'number' ? key : String(key);
}
