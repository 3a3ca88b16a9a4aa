import { describe, expect, it } from 'vitest';
import { parseRunEvents } from './run-events-file.js';

const line = (seq: number, type = 'round'): string => JSON.stringify({ type, round: 1, runId: 'r', seq, time: seq });

describe('parseRunEvents', () => {
  it('reads one event per line', () => {
    const parsed = parseRunEvents(`${line(0)}\n${line(1)}\n`);
    expect(parsed.events.map((event) => event.seq)).toEqual([0, 1]);
    expect(parsed).toMatchObject({ rest: '', problems: [] });
  });

  it('keeps a truncated last line apart instead of failing on it', () => {
    const parsed = parseRunEvents(`${line(0)}\n${line(1).slice(0, 12)}`);
    expect(parsed.events).toHaveLength(1);
    expect(parsed.rest).toBe(line(1).slice(0, 12));
    expect(parsed.problems).toEqual([]);
  });

  it('names the lines that are not events', () => {
    const parsed = parseRunEvents(`${line(0)}\n{oops\n{"type":"x"}\n${line(3)}\n`, 1);
    expect(parsed.events.map((event) => event.seq)).toEqual([0, 3]);
    expect(parsed.problems).toEqual([
      { line: 2, message: 'not valid JSON' },
      { line: 3, message: 'not a run event (needs type, seq and time)' },
    ]);
  });
});
