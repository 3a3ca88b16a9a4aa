import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunEvent } from '@massgen/core';
import { afterEach, describe, expect, it } from 'vitest';
import { followRecordEvents } from './record-events-feed.js';

const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A run directory whose record has two events and whose status says the run goes on. */
function runningRecord(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'massgen-feed-'));
  roots.push(root);
  const directory = path.join(root, 'run');
  mkdirSync(directory);
  const events = [
    { seq: 1, time: 1, type: 'run-start' },
    { seq: 2, time: 2, type: 'round', round: 1 },
  ];
  writeFileSync(path.join(directory, 'events.jsonl'), events.map((event) => `${JSON.stringify(event)}\n`).join(''));
  writeFileSync(path.join(directory, 'status.json'), JSON.stringify({ state: 'running' }));
  return directory;
}

/**
 * Follows the record until the feed ends; `onCaughtUp` runs once, the first time the feed has
 * sent every event and waits for more, which is where a deletion happens in these tests.
 */
async function follow(directory: string, onCaughtUp: () => void): Promise<{ events: RunEvent[]; problems: string[] }> {
  const events: RunEvent[] = [];
  const problems: string[] = [];
  const controller = new AbortController();
  let caughtUp = false;
  const sink = {
    event: (event: RunEvent) => {
      events.push(event);
      if (events.length === 2 && !caughtUp) {
        caughtUp = true;
        queueMicrotask(onCaughtUp);
      }
    },
    problem: (message: string) => problems.push(message),
  };
  await followRecordEvents(directory, sink, { after: 0, signal: controller.signal, pollMs: 5 });
  return { events, problems };
}

describe('following a recorded run that another process writes', () => {
  it('says the directory was deleted when the whole directory goes', async () => {
    const directory = runningRecord();
    const { events, problems } = await follow(directory, () => rmSync(directory, { recursive: true }));
    expect(events.map((event) => event.seq)).toEqual([1, 2]);
    expect(problems).toEqual([expect.stringContaining("The run's directory was deleted while it was open")]);
  });

  it('says the directory was deleted when a recursive delete has removed only status.json so far', async () => {
    const directory = runningRecord();
    const { problems } = await follow(directory, () => rmSync(path.join(directory, 'status.json')));
    expect(problems).toEqual([expect.stringContaining("The run's directory was deleted while it was open")]);
  });

  it('says the directory was deleted when a recursive delete has removed only events.jsonl so far', async () => {
    const directory = runningRecord();
    const { problems } = await follow(directory, () => rmSync(path.join(directory, 'events.jsonl')));
    expect(problems).toEqual([expect.stringContaining("The run's directory was deleted while it was open")]);
  });

  it('says the record ends early, not that it was deleted, when a record never had a status', async () => {
    const directory = runningRecord();
    rmSync(path.join(directory, 'status.json'));
    const { events, problems } = await follow(directory, () => undefined);
    expect(events).toHaveLength(2);
    expect(problems).toEqual([expect.stringContaining('The record ends before the run did')]);
  });

  it('says events.jsonl is missing when it was never there', async () => {
    const directory = runningRecord();
    rmSync(path.join(directory, 'events.jsonl'));
    const { problems } = await follow(directory, () => undefined);
    expect(problems).toEqual([expect.stringContaining("The run's events.jsonl is missing")]);
  });
});
