import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunEvent } from '@massgen/core';
import { initialDisplayState, reduceDisplayState } from '@massgen/run-state';
import type { DisplayState } from '@massgen/run-state';
import { nextStep } from './replay-timing.js';

export interface Replay {
  state: DisplayState;
  /** Events shown so far (0 to `events.length`). */
  position: number;
  playing: boolean;
  speed: number;
  play(): void;
  pause(): void;
  setSpeed(speed: number): void;
  /** Shows the run as it was after its first `position` events. */
  jump(position: number): void;
}

/** Plays a recorded run's events back in time order, with the reducers of the live view. */
export function useReplay(events: readonly RunEvent[], autoplay: boolean): Replay {
  const [position, setPosition] = useState(autoplay ? 0 : events.length);
  const [playing, setPlaying] = useState(autoplay);
  const [speed, setSpeed] = useState(1);
  const folded = useRef({ events, position: 0, state: initialDisplayState() });

  const state = useMemo(() => {
    let cache = folded.current;
    // Forward from where the last frame was; backward (a jump) folds again from the start.
    if (cache.events !== events || position < cache.position)
      cache = { events, position: 0, state: initialDisplayState() };
    let next = cache.state;
    for (let index = cache.position; index < position; index += 1) {
      const event = events[index];
      if (event !== undefined) next = reduceDisplayState(next, event);
    }
    folded.current = { events, position, state: next };
    return next;
  }, [events, position]);

  useEffect(() => {
    if (!playing) return;
    const step = nextStep(events, position, speed);
    if (step === undefined) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setPosition(position + step.count), step.delayMs);
    return () => clearTimeout(timer);
  }, [events, playing, position, speed]);

  return {
    state,
    position,
    playing,
    speed,
    play: () => {
      if (position >= events.length) setPosition(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
    setSpeed,
    jump: (target) => setPosition(Math.max(0, Math.min(events.length, target))),
  };
}
