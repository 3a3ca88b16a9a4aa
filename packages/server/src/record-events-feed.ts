import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { RunEvent } from '@massgen/core';
import { parseRunEvents } from '@massgen/runtime';

/** What a reader of a run's events hears besides the events: something the page should say. */
export interface FeedSink {
  event(event: RunEvent): void;
  problem(message: string): void;
}

export interface FollowRecordOptions {
  /** Only events after this `seq` are sent (a reconnecting page's last one). */
  after: number;
  signal: AbortSignal;
  /** How often a running record is read again for new lines. */
  pollMs?: number;
}

const defaultPollMs = 100;

/**
 * Sends the events of a recorded run: all of `events.jsonl`, then, while the run goes on in
 * another process (started from the terminal), each line it appends. Ends at the run's
 * `run-end`, when the run is over without one (a crash, a cut-off file: said as a problem), when
 * the run's directory disappears (said too) or when `signal` aborts.
 */
export async function followRecordEvents(
  directory: string,
  sink: FeedSink,
  options: FollowRecordOptions,
): Promise<void> {
  const file = path.join(directory, 'events.jsonl');
  const pollMs = options.pollMs ?? defaultPollMs;
  let offset = 0;
  let rest = '';
  const decoder = new StringDecoder('utf8');
  let lineNumber = 1;
  const reported = new Set<number>();
  // A recursive delete removes the record's files one by one before the directory itself, so
  // once a file this feed has read is gone, the record is being deleted, whatever remains.
  const deleted = `The run's directory was deleted while it was open (${directory}); what was read before is still shown.`;
  const hadStatus = existsSync(path.join(directory, 'status.json'));
  let readOnce = false;
  while (!options.signal.aborted) {
    const bytes = await readFrom(file, offset);
    if (bytes === undefined) {
      sink.problem(
        readOnce || !existsSync(directory) ? deleted : `The run's events.jsonl is missing from ${directory}.`,
      );
      return;
    }
    readOnce = true;
    offset += bytes.length;
    // The decoder keeps a character split across two reads for the next one.
    const text = rest + decoder.write(bytes);
    const parsed = parseRunEvents(text, lineNumber);
    lineNumber += countLines(text);
    rest = parsed.rest;
    for (const problem of parsed.problems) {
      if (reported.has(problem.line)) continue;
      reported.add(problem.line);
      sink.problem(`Line ${problem.line} of events.jsonl was skipped: ${problem.message}.`);
    }
    let ended = false;
    for (const event of parsed.events) {
      if (event.seq > options.after) sink.event(event);
      if (event.type === 'run-end') ended = true;
    }
    if (ended) return;
    // Read again at once until the file has nothing more, then ask whether the run goes on.
    if (bytes.length > 0 || !existsSync(directory)) continue;
    const state = await recordState(directory);
    if (state === 'running') {
      await pause(pollMs, options.signal);
      continue;
    }
    sink.problem(
      state === 'gone' && hadStatus
        ? deleted
        : rest === ''
          ? 'The record ends before the run did (no run-end event): the run was stopped before it could finish writing.'
          : `The last line of events.jsonl is cut off (${rest.length} characters); the events before it are shown.`,
    );
    return;
  }
}

/** Reads the bytes the file holds past `offset`; undefined when the file is gone. */
async function readFrom(file: string, offset: number): Promise<Buffer | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const { size } = await handle.stat();
    if (size <= offset) return Buffer.alloc(0);
    const buffer = Buffer.alloc(size - offset);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Whether the record's status says the run goes on (a run that died without a word looks the
 * same), says it is over, or is gone.
 */
async function recordState(directory: string): Promise<'running' | 'over' | 'gone'> {
  let text: string;
  try {
    text = await readFile(path.join(directory, 'status.json'), 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : 'over';
  }
  try {
    return (JSON.parse(text) as { state?: unknown }).state === 'running' ? 'running' : 'over';
  } catch {
    return 'over';
  }
}

function countLines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) count += 1;
  return count;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
