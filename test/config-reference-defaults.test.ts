import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every time limit a run applies by default is written in the configuration reference, with
 * its value, so nobody meets a default timeout they could not have read about.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reference = readFileSync(path.join(root, 'docs/config-reference.md'), 'utf8');

/** Rows of the reference's tables whose key is a time limit, as `[key, description]`. */
function timeLimitRows(): Array<[string, string]> {
  return reference
    .split('\n')
    .map((line) => /^\| `([a-z_]+)` \| [^|]+ \| (.+) \|$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .filter((match) => /_seconds$/.test(match[1] ?? ''))
    .map((match) => [match[1] ?? '', match[2] ?? '']);
}

describe('docs/config-reference.md', () => {
  it('gives the default of every time limit', () => {
    const rows = timeLimitRows();
    expect(rows.map(([key]) => key)).toEqual(
      expect.arrayContaining([
        'orchestrator_timeout_seconds',
        'initial_round_timeout_seconds',
        'round_timeout_grace_seconds',
        'straggler_timeout_seconds',
        'timeout_seconds',
      ]),
    );
    for (const [key, description] of rows) expect(description, key).toMatch(/Default/);
  });

  it('says how many times a failed request is tried in all, and that turns do not multiply it', () => {
    expect(reference).toMatch(/`max_turn_attempts` .*never here too: 3 requests in all/);
  });
});
