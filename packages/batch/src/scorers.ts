import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MassGenError } from '@massgen/core';

/** What a scorer says about one answer: `score` from 0 (wrong) to 1 (right). */
export interface Score {
  score: number;
  /** Why, when the scorer says (a module scorer may). */
  reason?: string;
}

export interface ScoreInput {
  answer: string;
  expected: unknown;
  question: string;
  id: string;
}

/**
 * A scorer module's default export (or `score` export): called for each answer that has an
 * expected value. It returns a boolean, a number from 0 to 1, or `{ score, reason? }`.
 */
export type ScorerFunction = (input: ScoreInput) => boolean | number | Score | Promise<boolean | number | Score>;

export interface Scorer {
  /** `exact`, `numeric`, `regex`, or the module's path. */
  name: string;
  score(input: ScoreInput): Promise<Score>;
}

export const builtinScorerNames = ['exact', 'numeric', 'regex'] as const;

/**
 * Lower case, accents folded, punctuation and the articles a/an/the dropped, spaces collapsed:
 * "The Eiffel Tower." and "eiffel tower" are the same answer.
 */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The last number in the text ("1,234.5", "-3", "2e-3", "50%"), or undefined. */
export function lastNumber(text: string): number | undefined {
  const matches = text.match(/[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[-+]?\d+)?|[-+]?\.\d+/gi);
  const last = matches?.at(-1);
  return last === undefined ? undefined : Number(last.replace(/,/g, ''));
}

export function exactScore(answer: string, expected: unknown): Score {
  const candidates = Array.isArray(expected) ? expected : [expected];
  const normalized = normalizeAnswer(answer);
  return { score: candidates.some((candidate) => normalizeAnswer(String(candidate)) === normalized) ? 1 : 0 };
}

/** Right when the answer's last number is within `tolerance` (relative, or absolute near zero) of the expected one. */
export function numericScore(answer: string, expected: unknown, tolerance = 1e-6): Score {
  const want = typeof expected === 'number' ? expected : lastNumber(String(expected));
  if (want === undefined || Number.isNaN(want))
    return { score: 0, reason: `expected value ${JSON.stringify(expected)} is not a number` };
  const got = lastNumber(answer);
  if (got === undefined) return { score: 0, reason: 'the answer holds no number' };
  const close = Math.abs(got - want) <= tolerance * Math.max(1, Math.abs(want));
  return close ? { score: 1 } : { score: 0, reason: `found ${got}, expected ${want}` };
}

/** `expected` is a pattern: `/pattern/flags`, or a plain pattern matched case-insensitively. */
export function regexScore(answer: string, expected: unknown): Score {
  return { score: expectedPattern(expected).test(answer) ? 1 : 0 };
}

function expectedPattern(expected: unknown): RegExp {
  const text = String(expected);
  const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(text);
  try {
    return literal === null ? new RegExp(text, 'i') : new RegExp(literal[1] ?? '', literal[2]);
  } catch (error) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Expected value ${JSON.stringify(expected)} is not a valid regular expression: ${(error as Error).message}`,
    });
  }
}

/**
 * The scorer named on the command line: a built-in one, or a JavaScript/TypeScript module
 * (resolved from `cwd`) exporting a `ScorerFunction` as default or `score`.
 */
export async function loadScorer(spec: string, options: { cwd: string; tolerance?: number }): Promise<Scorer> {
  if (spec === 'exact') return syncScorer(spec, (input) => exactScore(input.answer, input.expected));
  if (spec === 'numeric')
    return syncScorer(spec, (input) => numericScore(input.answer, input.expected, options.tolerance));
  if (spec === 'regex') return syncScorer(spec, (input) => regexScore(input.answer, input.expected));
  const file = path.resolve(options.cwd, spec);
  if (!/\.(m|c)?(j|t)s$/.test(file))
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Unknown scorer "${spec}": use exact, numeric, regex, or the path of a .js/.mjs/.ts scorer module.`,
    });
  const scorer = await importScorerModule(file);
  return {
    name: spec,
    score: async (input) => toScore(await scorer(input), spec),
  };
}

function syncScorer(name: string, score: (input: ScoreInput) => Score): Scorer {
  return { name, score: async (input) => score(input) };
}

async function importScorerModule(file: string): Promise<ScorerFunction> {
  let module: Record<string, unknown>;
  try {
    // TypeScript needs a loader; jiti is imported only for a .ts scorer.
    if (/\.(m|c)?ts$/.test(file)) {
      const { createJiti } = await import('jiti');
      module = await createJiti(import.meta.url).import<Record<string, unknown>>(file);
    } else {
      module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    }
  } catch (error) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Cannot load the scorer module ${file}: ${(error as Error).message}`,
      cause: error,
    });
  }
  // A CommonJS or transpiled module may nest its exports under `default`.
  const nested = (module['default'] ?? {}) as Record<string, unknown>;
  const scorer = [module['default'], module['score'], nested['default'], nested['score']].find(
    (candidate) => typeof candidate === 'function',
  );
  if (typeof scorer !== 'function')
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `The scorer module ${file} must export a function as default or as "score" ({ answer, expected, question, id }) => boolean | number | { score, reason }.`,
    });
  return scorer as ScorerFunction;
}

function toScore(value: unknown, name: string): Score {
  if (typeof value === 'boolean') return { score: value ? 1 : 0 };
  const score = typeof value === 'number' ? value : (value as Score | undefined)?.score;
  if (typeof score !== 'number' || !Number.isFinite(score) || score < 0 || score > 1)
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Scorer ${name} returned ${JSON.stringify(value)}; expected a boolean, a number from 0 to 1, or { score, reason }.`,
    });
  const reason = typeof value === 'object' && value !== null ? (value as Score).reason : undefined;
  return reason === undefined ? { score } : { score, reason };
}
