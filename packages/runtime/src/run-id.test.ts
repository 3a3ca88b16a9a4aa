import { describe, expect, it } from 'vitest';
import { createRunId } from './run-record.js';

describe('createRunId', () => {
  it('is the UTC start time with file-name-safe separators, then a random suffix', () => {
    const startedAt = Date.UTC(2026, 0, 5, 7, 8, 9, 45);
    expect(createRunId(startedAt, () => 0.5)).toBe('2026-01-05T07-08-09-045Z-7fffff');
    expect(createRunId(startedAt, () => 0)).toBe('2026-01-05T07-08-09-045Z-000000');
  });

  it('sorts by start time', () => {
    const ids = [Date.UTC(2026, 10, 30, 23, 59, 59, 999), Date.UTC(2026, 11, 1), Date.UTC(2027, 0, 1, 0, 0, 0, 1)].map(
      (time) => createRunId(time, () => 0.9),
    );
    expect([...ids].sort()).toEqual(ids);
  });

  it('reads like the ISO time it stands for', () => {
    const startedAt = Date.UTC(2026, 10, 30, 12, 34, 56, 789);
    expect(createRunId(startedAt, () => 0).slice(0, 24)).toBe(new Date(startedAt).toISOString().replace(/[:.]/g, '-'));
  });
});
