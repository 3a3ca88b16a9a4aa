import { AsyncQueue } from '@massgen/backend-utils';
import type { RunEvent } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { run } from './run.js';
import type { RunOptions, RunResult } from './run.js';

/** A run in progress, read as it happens. */
export interface RunStream {
  /**
   * Every event of the run, in order, ending after `run-end`. Leaving the loop early (`break`,
   * `return`, a throw) cancels the run. If the run cannot start (a configuration or plugin
   * problem), iterating throws that error. It can be iterated once.
   */
  events: AsyncIterable<RunEvent>;
  /** Settles like `run()`: with the result once the run has ended, or with the error that stopped it from starting. */
  result: Promise<RunResult>;
}

/**
 * Starts a run and returns its events as an async iterator beside its result, for callers that
 * stream (the HTTP server, a web page) rather than wait for the end.
 */
export function runStream(configOrFile: MassGenConfig | string, question: string, options: RunOptions = {}): RunStream {
  const cancel = new AbortController();
  const external = options.signal;
  const onExternalAbort = (): void => cancel.abort(external?.reason);
  if (external?.aborted === true) cancel.abort(external.reason);
  else external?.addEventListener('abort', onExternalAbort, { once: true });

  const queue = new AsyncQueue<RunEvent>();
  const result = run(configOrFile, question, {
    ...options,
    signal: cancel.signal,
    onEvent: (event) => {
      queue.push(event);
      options.onEvent?.(event);
    },
  });
  result.then(
    () => queue.end(),
    (error: unknown) => queue.end(error),
  );
  result
    .finally(() => external?.removeEventListener('abort', onExternalAbort))
    // A caller that only iterates the events sees the failure there; do not also report it unhandled.
    .catch(() => {});
  return { events: readUntilEnd(queue, () => cancel.abort()), result };
}

/** The queue's items; `onLeave` runs when the reader stops before the end (`break`, `return`, a throw). */
async function* readUntilEnd<Item>(queue: AsyncQueue<Item>, onLeave: () => void): AsyncGenerator<Item> {
  let reachedEnd = false;
  try {
    for await (const item of queue) yield item;
    reachedEnd = true;
  } finally {
    if (!reachedEnd) onLeave();
  }
}
