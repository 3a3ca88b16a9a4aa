import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useInput, useStdout } from 'ink';
import type { DisplayState } from '@massgen/run-state';
import type { DisplayStore } from './display-store.js';
import { keyAction, stepFocus } from './key-bindings.js';
import { RunScreen } from './run-screen.js';
import type { TerminalSize } from './terminal-size.js';
import type { ScreenOptions } from './run-screen.js';

export interface LiveRunAppProps {
  store: DisplayStore;
  options: ScreenOptions;
  /** False when input is not a terminal: ink cannot read keys without raw mode. */
  keysEnabled: boolean;
  onAnswerNow: () => void;
  onCancel: () => void;
  /** Fixes the size instead of following the terminal's (tests). */
  size?: TerminalSize;
  /** How often the elapsed time ticks while nothing else changes. */
  clockIntervalMs?: number;
  /** Told of each state once it is on screen, so the display can close on its final frame. */
  onCommit?: (state: DisplayState) => void;
}

const fallbackSize: TerminalSize = { columns: 80, rows: 24 };

/** The live display: draws the store's frames, follows the terminal's size, and handles keys. */
export function LiveRunApp({
  store,
  options,
  keysEnabled,
  onAnswerNow,
  onCancel,
  size,
  clockIntervalMs = 1000,
  onCommit,
}: LiveRunAppProps) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const terminal = useTerminalSize(size);
  const [focus, setFocus] = useState<number | undefined>(undefined);
  const [scroll, setScroll] = useState(0);
  // The clock only forces a redraw; the time shown is read at each render, so a frame drawn for an event is never behind.
  const [, setTick] = useState(0);
  const finished = state.status.state === 'finished';

  useLayoutEffect(() => {
    onCommit?.(state);
  }, [state, onCommit]);

  useEffect(() => {
    if (finished) return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), clockIntervalMs);
    return () => clearInterval(timer);
  }, [finished, clockIntervalMs]);

  useInput(
    (input, key) => {
      const action = keyAction(input, key, {
        focused: focus !== undefined,
        agentCount: state.agentIds.length,
        pageLines: Math.max(1, terminal.rows - 6),
      });
      switch (action?.type) {
        case 'answer-now':
          if (finished) break;
          store.requestAnswer();
          onAnswerNow();
          break;
        case 'cancel':
          if (finished) break;
          store.requestCancel();
          onCancel();
          break;
        case 'focus':
          setFocus(action.index);
          setScroll(0);
          break;
        case 'focus-step':
          setFocus(stepFocus(focus, action.delta, state.agentIds.length));
          setScroll(0);
          break;
        case 'unfocus':
          setFocus(undefined);
          setScroll(0);
          break;
        case 'scroll':
          setScroll((current) => Math.max(0, current + action.lines));
          break;
        default:
          break;
      }
    },
    { isActive: keysEnabled },
  );

  return (
    <RunScreen
      state={state}
      width={terminal.columns}
      height={terminal.rows}
      options={options}
      focus={focus}
      scroll={scroll}
      now={Date.now()}
      keysEnabled={keysEnabled}
    />
  );
}

function useTerminalSize(fixed: TerminalSize | undefined): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({
    columns: stdout.columns || fallbackSize.columns,
    rows: stdout.rows || fallbackSize.rows,
  });
  const [size, setSize] = useState<TerminalSize>(read);
  useEffect(() => {
    if (fixed !== undefined) return undefined;
    const onResize = (): void => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed]);
  return fixed ?? size;
}
