import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '@massgen/core';

/** The events of the one run recorded under `directory`'s `.massgen/runs/`. */
export function readRunEvents(directory: string): RunEvent[] {
  const runs = path.join(directory, '.massgen', 'runs');
  const [runId] = readdirSync(runs);
  if (runId === undefined) throw new Error('no run record was written');
  return readFileSync(path.join(runs, runId, 'events.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RunEvent);
}
