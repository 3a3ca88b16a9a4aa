import { describe, expect, it } from 'vitest';
import { formatKeyPath, lineOfKeyPath } from './key-path.js';

describe('formatKeyPath', () => {
  it('joins keys with dots and indexes with brackets', () => {
    expect(formatKeyPath(['agents', 1, 'backend', 'temperature'])).toBe('agents[1].backend.temperature');
  });

  it('quotes keys that are not plain words', () => {
    expect(formatKeyPath(['gemini', 'gemini-2.5-flash', 'rpm'])).toBe('gemini["gemini-2.5-flash"].rpm');
    expect(formatKeyPath(['env', '0'])).toBe('env["0"]');
  });

  it('keeps non-Latin keys readable', () => {
    expect(formatKeyPath(['agents', 0, '名字'])).toBe('agents[0].名字');
  });

  it('is empty for the root', () => {
    expect(formatKeyPath([])).toBe('');
  });
});

describe('lineOfKeyPath', () => {
  const lines = { agents: 2, 'agents[0]': 3, 'agents[0].backend': 5 };

  it('finds the line of the path itself', () => {
    expect(lineOfKeyPath(lines, ['agents', 0, 'backend'])).toBe(5);
  });

  it('falls back to the nearest ancestor for a missing key', () => {
    expect(lineOfKeyPath(lines, ['agents', 0, 'backend', 'type'])).toBe(5);
    expect(lineOfKeyPath(lines, ['agents', 0, 'id'])).toBe(3);
  });

  it('has no line for a path outside the file', () => {
    expect(lineOfKeyPath(lines, ['orchestrator', 'max_rounds'])).toBeUndefined();
  });
});
