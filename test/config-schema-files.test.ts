import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The committed JSON Schema and configuration reference are the built CLI's `--show-schema`
 * output, which converts the loader's zod schemas and each backend's options schema. A schema
 * change without `pnpm schema` fails here.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const show = (...args: string[]): string =>
  execFileSync(process.execPath, [path.join(root, 'apps/cli/bin/massgen.js'), '--show-schema', ...args], {
    cwd: root,
    encoding: 'utf8',
  });

describe('generated configuration schema files', () => {
  it('schema/massgen.schema.json is what massgen --show-schema --json prints (run pnpm schema to update)', () => {
    expect(show('--json')).toBe(readFileSync(path.join(root, 'schema/massgen.schema.json'), 'utf8'));
  });

  it('docs/config-reference.md is what massgen --show-schema prints (run pnpm schema to update)', () => {
    expect(show()).toBe(readFileSync(path.join(root, 'docs/config-reference.md'), 'utf8'));
  });

  it('describes every key, the options of each backend type included (no blank description)', () => {
    let section = '';
    const blank: string[] = [];
    for (const line of show().split('\n')) {
      if (line.startsWith('## ')) section = line.slice(3);
      const row = /^\| (`[^`]+`)[^|]*\|.*\|(.*)\|$/.exec(line);
      if (row !== null && row[2]?.trim() === '') blank.push(`${section}: ${row[1]}`);
    }
    expect(blank).toEqual([]);
  });
});
