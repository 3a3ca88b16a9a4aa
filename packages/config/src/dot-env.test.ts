import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { thrownMassGenError } from '@massgen/testing';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { loadDotEnv, parseDotEnv } from './dot-env.js';

describe('parseDotEnv', () => {
  it.each([
    // reads KEY=value lines, with or without export
    ['OPENAI_API_KEY=sk-1\nexport BRAVE_API_KEY=abc\n', { OPENAI_API_KEY: 'sk-1', BRAVE_API_KEY: 'abc' }],
    // skips comments, blank lines and lines that are not assignments
    ['# comment\n\n  # indented comment\nnot an assignment\nA=1\n', { A: '1' }],
    // strips an inline comment after whitespace in an unquoted value, but not a # inside it
    ['A=value # note\nB=abc#def\n', { A: 'value', B: 'abc#def' }],
    // trims spaces around the equals sign and the unquoted value
    ['  A =  spaced value  \n', { A: 'spaced value' }],
    // keeps single-quoted values literally
    ["A='x # not a comment \\n'\n", { A: 'x # not a comment \\n' }],
    // unescapes double-quoted values
    ['A="line1\\nline2 \\"quoted\\" \\\\ end"\n', { A: 'line1\nline2 "quoted" \\ end' }],
    // reads quoted values that span lines
    ['KEY="-----BEGIN-----\nabc\n-----END-----"\nNEXT=1\n', { KEY: '-----BEGIN-----\nabc\n-----END-----', NEXT: '1' }],
    // ignores text after the closing quote
    ['A="quoted" # trailing comment\n', { A: 'quoted' }],
    // treats an unclosed quote as part of an unquoted value
    ['A="unclosed\nB=2\n', { A: '"unclosed', B: '2' }],
    // handles Windows line endings and empty values
    ['A=1\r\nB=\r\n', { A: '1', B: '' }],
    // lets a later assignment win
    ['A=1\nA=2\n', { A: '2' }],
  ] as const)('reads %j', (text, values) => {
    expect(parseDotEnv(text)).toEqual(values);
  });
});

describe('loadDotEnv', () => {
  const scratch = useTemporaryDirectory('dotenv');

  it('reads .env from the directory', () => {
    fs.writeFileSync(path.join(scratch.path, '.env'), 'BRAVE_API_KEY=from-file\n');
    expect(loadDotEnv(scratch.path)).toEqual({ BRAVE_API_KEY: 'from-file' });
  });

  it('is empty when there is no .env', () => {
    expect(loadDotEnv(scratch.path)).toEqual({});
  });

  it('fails clearly when .env exists but cannot be read', () => {
    fs.mkdirSync(path.join(scratch.path, '.env'));
    const error = thrownMassGenError(() => loadDotEnv(scratch.path));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('cannot read the .env file (EISDIR)');
  });
});
