import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '@massgen/core';

/** The one run recorded under `directory`'s `.massgen/runs/`: its directory and its events. */
export function readRunRecord(directory: string): { directory: string; events: RunEvent[] } {
  const runs = path.join(directory, '.massgen', 'runs');
  const [runId] = readdirSync(runs);
  if (runId === undefined) throw new Error('no run record was written');
  const record = path.join(runs, runId);
  const events = readFileSync(path.join(record, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RunEvent);
  return { directory: record, events };
}

/** The events of the one run recorded under `directory`'s `.massgen/runs/`. */
export function readRunEvents(directory: string): RunEvent[] {
  return readRunRecord(directory).events;
}
