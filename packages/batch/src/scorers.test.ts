import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exactScore, lastNumber, loadScorer, normalizeAnswer, numericScore, regexScore } from './scorers.js';

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-scorers-'));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const input = (answer: string, expected: unknown) => ({ answer, expected, question: 'q', id: '1' });

describe('built-in scorers', () => {
  it('exact: equal after folding case, accents, punctuation, articles and spaces', () => {
    expect(normalizeAnswer('  The Café,  au lait! ')).toBe('cafe au lait');
    expect(exactScore('The Eiffel Tower.', 'eiffel tower').score).toBe(1);
    expect(exactScore('Eiffel Towers', 'eiffel tower').score).toBe(0);
    expect(exactScore('Paris', ['Lyon', 'paris']).score).toBe(1);
  });

  it("numeric: the answer's last number within the tolerance", () => {
    expect(lastNumber('From 3 apples we get 1,234.50 slices')).toBe(1234.5);
    expect(lastNumber('no digits here')).toBeUndefined();
    expect(numericScore('So the total is 1,234.5.', 1234.5).score).toBe(1);
    expect(numericScore('It is -3', '-3').score).toBe(1);
    expect(numericScore('Roughly 3.1416', 3.14159, 1e-4).score).toBe(1);
    expect(numericScore('Roughly 3.2', 3.14159, 1e-4)).toEqual({ score: 0, reason: 'found 3.2, expected 3.14159' });
    expect(numericScore('No idea', 4)).toEqual({ score: 0, reason: 'the answer holds no number' });
  });

  it('regex: a plain pattern is case-insensitive; /pattern/flags chooses its flags', () => {
    expect(regexScore('The capital is PARIS.', '\\bparis\\b').score).toBe(1);
    expect(regexScore('The capital is PARIS.', '/\\bparis\\b/').score).toBe(0);
    expect(regexScore('The capital is paris.', '/\\bparis\\b/').score).toBe(1);
    expect(() => regexScore('x', '(')).toThrow(/not a valid regular expression/);
  });

  it('loads built-ins by name and refuses an unknown one, listing the choices', async () => {
    expect((await (await loadScorer('numeric', { cwd: directory })).score(input('it is 4', 4))).score).toBe(1);
    await expect(loadScorer('fuzzy', { cwd: directory })).rejects.toThrow(
      'Unknown scorer "fuzzy": use exact, numeric, regex, or the path of a .js/.mjs/.ts scorer module.',
    );
  });
});

describe('scorer modules', () => {
  it('runs a JavaScript module whose default export returns a boolean', async () => {
    writeFileSync(
      path.join(directory, 'contains.mjs'),
      'export default ({ answer, expected }) => answer.includes(String(expected));\n',
    );
    const scorer = await loadScorer('contains.mjs', { cwd: directory });
    expect(await scorer.score(input('we found 42 of them', 42))).toEqual({ score: 1 });
    expect(await scorer.score(input('we found none', 42))).toEqual({ score: 0 });
  });

  it('runs a TypeScript module exporting score with partial credit and a reason', async () => {
    writeFileSync(
      path.join(directory, 'overlap.ts'),
      `interface Input { answer: string; expected: unknown }
export function score({ answer, expected }: Input): { score: number; reason: string } {
  const want: string[] = String(expected).split(' ');
  const got = new Set<string>(answer.split(' '));
  const hits = want.filter((word) => got.has(word)).length;
  return { score: hits / want.length, reason: \`\${hits} of \${want.length} words\` };
}
`,
    );
    const scorer = await loadScorer('overlap.ts', { cwd: directory });
    expect(await scorer.score(input('red green', 'red green blue yellow'))).toEqual({
      score: 0.5,
      reason: '2 of 4 words',
    });
  });

  it('says what a module must return when it returns something else', async () => {
    writeFileSync(path.join(directory, 'bad.mjs'), 'export default () => "yes";\n');
    const scorer = await loadScorer('bad.mjs', { cwd: directory });
    await expect(scorer.score(input('a', 'b'))).rejects.toThrow(
      'Scorer bad.mjs returned "yes"; expected a boolean, a number from 0 to 1, or { score, reason }.',
    );
  });

  it('names the module and the export it needs when none is a function', async () => {
    writeFileSync(path.join(directory, 'empty.mjs'), 'export const value = 1;\n');
    await expect(loadScorer('empty.mjs', { cwd: directory })).rejects.toThrow(
      /empty\.mjs must export a function as default or as "score"/,
    );
    await expect(loadScorer('missing.mjs', { cwd: directory })).rejects.toThrow(
      /Cannot load the scorer module .*missing\.mjs/,
    );
  });
});
