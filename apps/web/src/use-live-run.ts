import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { RunEvent } from '@massgen/core';
import { initialDisplayState, reduceDisplayState } from '@massgen/run-state';
import type { DisplayState } from '@massgen/run-state';
import { reportShown } from './latency-probe.js';
import { openRunFeed } from './run-event-feed.js';

export interface LiveRunView {
  state: DisplayState;
  /** Every event received, for a replay once the run is over. */
  events: readonly RunEvent[];
  problems: string[];
  /** The server has sent everything (the run ended, or its record has no more). */
  complete: boolean;
  reconnecting: boolean;
}

/**
 * Follows a run's events and folds them into the display state with the reducers the terminal
 * uses. Events are applied once per animation frame, however many arrive: eight agents streaming
 * fifty deltas a second each are one render per frame, not four hundred a second.
 */
export function useLiveRun(runId: string): LiveRunView {
  const [view, setView] = useState<LiveRunView>(() => emptyView());
  useEffect(() => {
    const controller = new AbortController();
    let state = initialDisplayState();
    const events: RunEvent[] = [];
    let pending: RunEvent[] = [];
    let frame = 0;
    let problems: string[] = [];
    let complete = false;
    let reconnecting = false;
    setView(emptyView());
    const publish = (): void => setView({ state, events, problems, complete, reconnecting });
    const flush = (): void => {
      frame = 0;
      const batch = pending;
      pending = [];
      for (const event of batch) state = reduceDisplayState(state, event);
      // Drawn now, inside this frame, so the text is on screen when the frame is painted.
      flushSync(publish);
      reportShown(batch);
    };
    openRunFeed(
      runId,
      {
        event: (event) => {
          events.push(event);
          pending.push(event);
          if (frame === 0) frame = requestAnimationFrame(flush);
        },
        problem: (message) => {
          problems = [...problems, message];
          publish();
        },
        end: () => {
          if (frame !== 0) cancelAnimationFrame(frame);
          flush();
          complete = true;
          publish();
        },
        reconnecting: (retrying) => {
          reconnecting = retrying;
          publish();
        },
      },
      controller.signal,
    );
    return () => {
      controller.abort();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [runId]);
  return view;
}

function emptyView(): LiveRunView {
  return { state: initialDisplayState(), events: [], problems: [], complete: false, reconnecting: false };
}
