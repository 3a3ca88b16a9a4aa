import { describe, expect, it } from 'vitest';
import { DisplayStore } from './display-store.js';
import { stampEvents, threeAgentRun } from '@massgen/run-state/testing';

/** A clock and timer queue the test advances by hand. */
function manualClock() {
  let now = 0;
  const timers: Array<{ at: number; callback: () => void }> = [];
  return {
    options: {
      now: () => now,
      setTimer: (callback: () => void, ms: number) => {
        const timer = { at: now + ms, callback };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer: unknown) => {
        const index = timers.indexOf(timer as (typeof timers)[number]);
        if (index >= 0) timers.splice(index, 1);
      },
    },
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((entry) => entry.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.callback();
      }
    },
    pending: () => timers.length,
  };
}

describe('DisplayStore', () => {
  it('turns a burst of events into one notification per frame', () => {
    const clock = manualClock();
    const store = new DisplayStore({ frameIntervalMs: 50, ...clock.options });
    let notified = 0;
    store.subscribe(() => (notified += 1));
    const events = stampEvents(threeAgentRun());
    for (const event of events) store.push(event);
    // The first frame is due at once, the rest wait for it.
    expect(notified).toBe(0);
    clock.advance(0);
    expect(notified).toBe(1);
    expect(store.getSnapshot().status.answers).toHaveLength(2);
    for (let index = 0; index < 100; index += 1) {
      store.push({ ...events[6]!, seq: 100 + index });
    }
    clock.advance(49);
    expect(notified).toBe(1);
    clock.advance(1);
    expect(notified).toBe(2);
    expect(clock.pending()).toBe(0);
  });

  it('keeps the snapshot still between frames, so a render never sees half a frame', () => {
    const clock = manualClock();
    const store = new DisplayStore({ frameIntervalMs: 50, ...clock.options });
    const [start] = stampEvents(threeAgentRun());
    store.push(start!);
    expect(store.getSnapshot().agentIds).toEqual([]);
    clock.advance(0);
    expect(store.getSnapshot().agentIds).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('shows the end of a run and the user requests at once', () => {
    const clock = manualClock();
    const store = new DisplayStore({ frameIntervalMs: 50, ...clock.options });
    let notified = 0;
    store.subscribe(() => (notified += 1));
    const [start] = stampEvents(threeAgentRun());
    store.push(start!);
    store.requestAnswer();
    expect(notified).toBe(1);
    expect(store.getSnapshot().answerRequested).toBe(true);
    store.push({ type: 'run-end', stopReason: 'answer-now', runId: 'r', seq: 1, time: 1 });
    expect(notified).toBe(2);
    expect(store.getSnapshot().status.state).toBe('finished');
    expect(clock.pending()).toBe(0);
    store.requestCancel();
    expect(store.getSnapshot().cancelRequested).toBe(false);
  });

  it('spaces frames further apart when they are dear to draw', () => {
    const clock = manualClock();
    const store = new DisplayStore({
      frameIntervalMs: 50,
      maxFrameIntervalMs: 400,
      drawingBudget: 0.1,
      ...clock.options,
    });
    const events = stampEvents(threeAgentRun());
    store.push(events[0]!);
    clock.advance(0);
    expect(store.frameIntervalMs).toBe(50);
    // The frame took 20 ms to reach the screen: at a 10% budget, frames now come every 200 ms.
    clock.advance(20);
    store.frameDrawn(store.getSnapshot());
    expect(store.frameIntervalMs).toBe(200);
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.push(events[1]!);
    clock.advance(150);
    expect(notified).toBe(0);
    clock.advance(30);
    expect(notified).toBe(1);
  });

  it('learns only from the frame it notified, once', () => {
    const clock = manualClock();
    const store = new DisplayStore({ frameIntervalMs: 50, drawingBudget: 0.1, ...clock.options });
    const before = store.getSnapshot();
    store.push(stampEvents(threeAgentRun())[0]!);
    clock.advance(0);
    clock.advance(30);
    store.frameDrawn(before);
    expect(store.frameIntervalMs).toBe(50);
    store.frameDrawn(store.getSnapshot());
    store.frameDrawn(store.getSnapshot());
    expect(store.frameIntervalMs).toBe(300);
  });

  it('stops notifying a listener that unsubscribed', () => {
    const clock = manualClock();
    const store = new DisplayStore({ frameIntervalMs: 50, ...clock.options });
    let notified = 0;
    const unsubscribe = store.subscribe(() => (notified += 1));
    unsubscribe();
    store.flush();
    expect(notified).toBe(0);
  });
});
