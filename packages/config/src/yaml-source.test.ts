import type { ConfigError } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { maxConfigBytes } from './config-limits.js';
import { thrownConfigError } from './config-test-support.js';
import { parseYamlSource } from './yaml-source.js';

function failure(text: string): ConfigError {
  return thrownConfigError(() => parseYamlSource(text, 'config.yaml'));
}

/** Nine levels of nine-fold aliases: 9^9 (387 million) strings if expanded. */
const billionLaughs = [
  'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
  ...Array.from({ length: 8 }, (_, level) => {
    const name = String.fromCharCode(98 + level);
    const previous = String.fromCharCode(97 + level);
    return `${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(', ')}]`;
  }),
].join('\n');

describe('parseYamlSource', () => {
  it('returns the value and the line of every key path', () => {
    const source = parseYamlSource(
      [
        'agents:',
        '  - id: a',
        '    backend:',
        '      type: openai',
        '      args: ["-y", x]',
        'orchestrator:',
        '  max_rounds: 3',
        '',
      ].join('\n'),
    );
    expect(source.value).toEqual({
      agents: [{ id: 'a', backend: { type: 'openai', args: ['-y', 'x'] } }],
      orchestrator: { max_rounds: 3 },
    });
    expect(source.lines).toEqual({
      agents: 1,
      'agents[0]': 2,
      'agents[0].id': 2,
      'agents[0].backend': 3,
      'agents[0].backend.type': 4,
      'agents[0].backend.args': 5,
      'agents[0].backend.args[0]': 5,
      'agents[0].backend.args[1]': 5,
      orchestrator: 6,
      'orchestrator.max_rounds': 7,
    });
  });

  it('gives null for an empty file or one with only comments', () => {
    expect(parseYamlSource('').value).toBeNull();
    expect(parseYamlSource('# nothing here\n\n').value).toBeNull();
  });

  it('accepts a byte-order mark, anchors and merge keys', () => {
    const source = parseYamlSource('\uFEFFbase: &base {type: openai}\nbackend:\n  <<: *base\n  model: gpt-5\n');
    expect(source.value).toEqual({ base: { type: 'openai' }, backend: { type: 'openai', model: 'gpt-5' } });
  });

  it('reports a syntax error with its line and column', () => {
    const error = failure('agents:\n  - id: a\n    backend: [openai\n');
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.issues).toEqual([
      { path: '', message: expect.stringMatching(/^YAML syntax error: /), line: 4, column: 1 },
    ]);
    expect(error.message).toMatch(/^Invalid configuration in config\.yaml: YAML syntax error: .*\(line 4, column 1\)/);
  });

  it('reports a tab used as indentation where it is', () => {
    const error = failure('agent:\n\tid: a\n');
    expect(error.issues[0]).toMatchObject({ line: 2, column: 1, message: expect.stringContaining('Tabs') });
  });

  it('reports a duplicate key by name', () => {
    const error = failure('orchestrator:\n  max_rounds: 3\n  max_rounds: 4\n');
    expect(error.issues).toEqual([
      { path: '', message: 'duplicate key "max_rounds"; expected each key once per mapping', line: 3, column: 3 },
    ]);
  });

  it('refuses more than one document', () => {
    const error = failure('agent: {id: a}\n---\nagent: {id: b}\n');
    expect(error.issues[0]).toMatchObject({
      message: 'found 2 YAML documents (separated by "---"); expected one',
      line: 2,
    });
  });

  it('stops an alias bomb quickly with a clear error', () => {
    const error = failure(billionLaughs);
    expect(error.issues[0]?.message).toMatch(/YAML aliases expand more than 100 times \(an alias bomb\?\)/);
  });

  it('refuses an alias that refers to a mapping containing it', () => {
    const error = failure('a: &loop\n  b: *loop\n');
    expect(error.issues[0]?.message).toBe(
      'values nest more than 64 levels deep once YAML aliases are expanded (does an alias refer to a value that contains it?); expected an ordinary configuration',
    );
  });

  it('refuses aliases that repeat a large value into a huge tree', () => {
    const text = `base: &base [${Array.from({ length: 2000 }, (_, index) => index).join(', ')}]\ncopies: [${Array.from({ length: 60 }, () => '*base').join(', ')}]\n`;
    expect(failure(text).issues[0]?.message).toBe(
      'YAML aliases expand to more than 100000 values; expected an ordinary configuration',
    );
  });

  it('refuses an alias with no anchor', () => {
    expect(failure('a: *nowhere\n').issues[0]?.message).toMatch(/^YAML error: .*nowhere/);
  });

  it('refuses runaway nesting in flow and block style before composing it', () => {
    const flow = `a: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;
    const block = `a:\n${Array.from({ length: 300 }, (_, depth) => `${' '.repeat(depth + 1)}-`).join('\n')} x\n`;
    for (const text of [flow, block]) {
      expect(failure(text).issues[0]?.message).toBe(
        'mappings and lists are nested more than 64 levels deep; expected an ordinary configuration',
      );
    }
  });

  it('refuses NUL bytes as binary data', () => {
    expect(failure('agent:\0\0\0').issues[0]?.message).toBe(
      'the file contains NUL bytes; expected YAML text, not binary data',
    );
  });

  it('refuses text larger than the limit without parsing it', () => {
    const error = failure(`# ${'x'.repeat(maxConfigBytes)}\n`);
    expect(error.issues[0]?.message).toMatch(
      /^the configuration is \d+ bytes; expected at most 1048576 bytes \(1 MiB\) of YAML$/,
    );
  });

  it('shows at most ten syntax errors and counts the rest', () => {
    const garbled = Array.from({ length: 30 }, () => '- a\nb: 1').join('\n');
    const error = failure(garbled);
    expect(error.issues).toHaveLength(11);
    expect(error.issues[10]?.message).toMatch(/^\d+ more YAML syntax errors not shown$/);
  });

  it('turns YAML warnings such as an unknown tag into warnings with the line', () => {
    const source = parseYamlSource('agent:\n  id: !include other.yaml\n');
    expect(source.warnings).toEqual([
      { code: 'yaml-warning', segments: [], message: 'line 2: Unresolved tag: !include' },
    ]);
  });
});
