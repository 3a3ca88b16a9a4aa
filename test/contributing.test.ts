import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * CONTRIBUTING.md may state only rules something checks: every rule names the test (or the
 * `pnpm test` step) that checks it, and each recipe's file count and file list match the
 * package it tells a contributor to copy.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contributing = readFileSync(path.join(root, 'CONTRIBUTING.md'), 'utf8');

/** The text of each `## ` section, by heading. */
function sections(): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of contributing.split(/^## /m).slice(1)) {
    const [heading = '', ...body] = part.split('\n');
    found.set(heading.trim(), body.join('\n'));
  }
  return found;
}

describe('CONTRIBUTING.md', () => {
  it('names, for every rule, a test that exists or the pnpm test step that checks it', () => {
    const rules = (sections().get('Rules') ?? '').split('\n').filter((line) => line.startsWith('- '));
    expect(rules.length).toBeGreaterThan(10);
    const testScript = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { test: string } }
    ).scripts.test;
    for (const rule of rules) {
      const [, checkedBy = ''] = rule.split(' — checked by ');
      expect(checkedBy, rule).not.toBe('');
      const named = [...checkedBy.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
      const files = named.filter((name) => /\.(test\.ts|js|mjs)$/.test(name));
      const steps = named.filter((name) => !files.includes(name) && name !== 'pnpm test');
      for (const file of files) expect(existsSync(path.join(root, file)), file).toBe(true);
      for (const step of steps) expect(testScript, step).toContain(step);
      expect(files.length + steps.length, rule).toBeGreaterThan(0);
    }
  });

  it.each(['Add a backend', 'Add a tool package', 'Add a strategy'])(
    '"%s" lists as many files as it says, all found in the package it says to copy',
    (heading) => {
      const section = sections().get(heading) ?? '';
      const count = Number(/\*\*(\d+) files\*\*/.exec(section)?.[1]);
      const listed = (/```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => line.split(/\s+/)[0] ?? '');
      expect(listed).toHaveLength(count);
      const model = /`([^`]+)` is the model to copy/.exec(section)?.[1] ?? '';
      expect(existsSync(path.join(root, model, 'package.json')), model).toBe(true);
      const files = [
        ...readdirSync(path.join(root, model)),
        ...readdirSync(path.join(root, model, 'src')).map((file) => `src/${file}`),
      ];
      for (const file of listed) {
        const pattern = new RegExp(`^${file.replace(/[.]/g, '\\.').replace('<name>', '[a-z-]+')}$`);
        expect(
          files.some((candidate) => pattern.test(candidate)),
          `${model}/${file}`,
        ).toBe(true);
      }
    },
  );
});
