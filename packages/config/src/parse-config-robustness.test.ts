import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { parseYaml } from './config-test-support.js';
import { listYamlFiles, upstreamConfigsDirectory } from './shared-corpus-location.js';

/** A small deterministic generator (mulberry32), so every run mutates the same way. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const insertions = [
  ':',
  '-',
  ' ',
  '\n',
  '  ',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  '&a ',
  '*a',
  '!!',
  '#',
  '|',
  '>',
  '~',
  '${X}',
  '\t',
  '0',
  'true',
  'null',
  '💥',
];

function mutate(text: string, random: () => number): string {
  let result = text;
  const edits = 1 + Math.floor(random() * 4);
  for (let edit = 0; edit < edits; edit += 1) {
    const at = Math.floor(random() * (result.length + 1));
    const choice = random();
    if (choice < 0.4) result = result.slice(0, at) + result.slice(at + 1 + Math.floor(random() * 8));
    else if (choice < 0.8)
      result = result.slice(0, at) + insertions[Math.floor(random() * insertions.length)] + result.slice(at);
    else result = result.slice(0, at) + result.slice(Math.floor(random() * result.length));
  }
  return result;
}

const baseline = [
  'agents:',
  '  - id: a',
  '    system_message: |',
  '      Be careful.',
  '    backend:',
  '      type: openai',
  '      model: gpt-5',
  '      temperature: 0.5',
  '      mcp_servers: {w: {type: stdio, command: npx, args: ["-y", x], env: {K: "${K}"}}}',
  '      context_paths: [{path: ./docs, access: read}]',
  'orchestrator: {max_rounds: 3, voting_method: majority, context_paths: [{path: d, permission: write}]}',
  'timeout_settings: {orchestrator_timeout_seconds: 60}',
  'ui: {display_type: rich_terminal}',
  '',
].join('\n');

function outcome(text: string): 'loaded' | 'rejected' {
  try {
    parseYaml(text);
    return 'loaded';
  } catch (error) {
    if (
      error instanceof ConfigError &&
      error.issues.length > 0 &&
      error.issues.every((issue) => issue.message.length > 0)
    )
      return 'rejected';
    throw error;
  }
}

describe('parseConfig on damaged input', () => {
  it('either loads or throws a ConfigError with located messages, never anything else', () => {
    const random = randomSource(20_260_130);
    const texts = [baseline];
    const upstreamSample = listYamlFiles(upstreamConfigsDirectory).filter((_, index) => index % 25 === 0);
    for (const file of upstreamSample) texts.push(fs.readFileSync(path.join(upstreamConfigsDirectory, file), 'utf8'));
    const seen = new Set<string>();
    for (const text of texts) {
      for (let round = 0; round < 60; round += 1) seen.add(outcome(mutate(text, random)));
    }
    expect([...seen].sort()).toEqual(['loaded', 'rejected']);
  });

  it('does not let a __proto__ key reach object prototypes', () => {
    const config = parseYaml([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: openai',
      '    __proto__: {polluted: true}',
      '    constructor: {prototype: {polluted: true}}',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(config.agents[0]?.backend.type).toBe('openai');
  });
});
