import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { thrownMassGenError } from '@massgen/testing';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { loadDotEnv, parseDotEnv } from './dot-env.js';

describe('parseDotEnv', () => {
  it('reads KEY=value lines, with or without export', () => {
    expect(parseDotEnv('OPENAI_API_KEY=sk-1\nexport BRAVE_API_KEY=abc\n')).toEqual({
      OPENAI_API_KEY: 'sk-1',
      BRAVE_API_KEY: 'abc',
    });
  });

  it('skips comments, blank lines and lines that are not assignments', () => {
    expect(parseDotEnv('# comment\n\n  # indented comment\nnot an assignment\nA=1\n')).toEqual({ A: '1' });
  });

  it('strips an inline comment after whitespace in an unquoted value, but not a # inside it', () => {
    expect(parseDotEnv('A=value # note\nB=abc#def\n')).toEqual({ A: 'value', B: 'abc#def' });
  });

  it('trims spaces around the equals sign and the unquoted value', () => {
    expect(parseDotEnv('  A =  spaced value  \n')).toEqual({ A: 'spaced value' });
  });

  it('keeps single-quoted values literally', () => {
    expect(parseDotEnv("A='x # not a comment \\n'\n")).toEqual({ A: 'x # not a comment \\n' });
  });

  it('unescapes double-quoted values', () => {
    expect(parseDotEnv('A="line1\\nline2 \\"quoted\\" \\\\ end"\n')).toEqual({ A: 'line1\nline2 "quoted" \\ end' });
  });

  it('reads quoted values that span lines', () => {
    expect(parseDotEnv('KEY="-----BEGIN-----\nabc\n-----END-----"\nNEXT=1\n')).toEqual({
      KEY: '-----BEGIN-----\nabc\n-----END-----',
      NEXT: '1',
    });
  });

  it('ignores text after the closing quote', () => {
    expect(parseDotEnv('A="quoted" # trailing comment\n')).toEqual({ A: 'quoted' });
  });

  it('treats an unclosed quote as part of an unquoted value', () => {
    expect(parseDotEnv('A="unclosed\nB=2\n')).toEqual({ A: '"unclosed', B: '2' });
  });

  it('handles Windows line endings and empty values', () => {
    expect(parseDotEnv('A=1\r\nB=\r\n')).toEqual({ A: '1', B: '' });
  });

  it('lets a later assignment win', () => {
    expect(parseDotEnv('A=1\nA=2\n')).toEqual({ A: '2' });
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
