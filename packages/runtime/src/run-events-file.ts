import type { RunEvent } from '@massgen/core';

/** The events read from (part of) an `events.jsonl`, and what could not be read. */
export interface ParsedRunEvents {
  events: RunEvent[];
  /** Characters at the end that do not yet form a whole line: a writer may still be adding to it. */
  rest: string;
  /** Lines that are not run events, by line number (1-based), with why. */
  problems: Array<{ line: number; message: string }>;
}

/**
 * Parses the lines of an `events.jsonl`. A run appends one JSON event per line, so a file cut
 * short (a crash, a full disk, a copy made while it ran) ends in a partial line: it is returned
 * as `rest`, not as an error, and a reader following the file joins it to what comes next.
 */
export function parseRunEvents(text: string, firstLine = 1): ParsedRunEvents {
  const events: RunEvent[] = [];
  const problems: ParsedRunEvents['problems'] = [];
  const end = text.lastIndexOf('\n');
  const complete = end < 0 ? '' : text.slice(0, end);
  const rest = end < 0 ? text : text.slice(end + 1);
  if (complete !== '') {
    complete.split('\n').forEach((line, index) => {
      if (line.trim() === '') return;
      try {
        const value: unknown = JSON.parse(line);
        if (isRunEvent(value)) events.push(value);
        else problems.push({ line: firstLine + index, message: 'not a run event (needs type, seq and time)' });
      } catch {
        problems.push({ line: firstLine + index, message: 'not valid JSON' });
      }
    });
  }
  return { events, rest, problems };
}

function isRunEvent(value: unknown): value is RunEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return typeof event['type'] === 'string' && typeof event['seq'] === 'number' && typeof event['time'] === 'number';
}
