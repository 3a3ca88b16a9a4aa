import { render } from 'ink';
import type { RunEvent } from '@massgen/core';
import type { DisplayState } from './display-state.js';
import { DisplayStore } from './display-store.js';
import { LiveRunApp } from './live-run-app.js';
import type { TerminalSize } from './live-run-app.js';
import type { ScreenOptions } from './run-screen.js';
import { ThemeContext, themeForEnvironment } from './theme.js';

export interface LiveDisplayOptions extends Partial<ScreenOptions> {
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  stderr?: NodeJS.WriteStream;
  /** Read for `NO_COLOR`. Defaults to the process environment. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The user pressed `a`: stop coordinating and have the leader present. */
  onAnswerNow: () => void;
  /** The user pressed Ctrl-C or `q`: called on every press, so a second press can force the exit. */
  onCancel: () => void;
  /** Least time between frames; see `DisplayStore`. */
  frameIntervalMs?: number;
  /** Fixes the size instead of following the terminal's. */
  size?: TerminalSize;
}

/** A running live display. */
export interface LiveDisplay {
  /** Give it every run event, in order. */
  onEvent(event: RunEvent): void;
  /** Draws the final frame, stops reading keys and gives the terminal back. */
  close(): Promise<void>;
}

/**
 * Starts the live terminal display of one run. It reads keys only when stdin is a terminal, and
 * Ctrl-C reaches `onCancel` instead of killing the process, so a cancelled run still ends cleanly.
 */
export function startLiveDisplay(options: LiveDisplayOptions): LiveDisplay {
  const stdin = options.stdin ?? process.stdin;
  const store = new DisplayStore(options.frameIntervalMs === undefined ? {} : { frameIntervalMs: options.frameIntervalMs });
  const drawn = trackDrawnState(store);
  const instance = render(
    <ThemeContext.Provider value={themeForEnvironment(options.env ?? process.env)}>
      <LiveRunApp
        store={store}
        options={{ showAgentCards: options.showAgentCards ?? true, liveTimeline: options.liveTimeline ?? true }}
        keysEnabled={stdin.isTTY === true}
        onAnswerNow={options.onAnswerNow}
        onCancel={options.onCancel}
        onCommit={drawn.onCommit}
        {...(options.size === undefined ? {} : { size: options.size })}
      />
    </ThemeContext.Provider>,
    {
      stdout: options.stdout ?? process.stdout,
      stdin,
      stderr: options.stderr ?? process.stderr,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 20,
    },
  );
  let closed: Promise<void> | undefined;
  return {
    onEvent: (event) => store.push(event),
    close: () => {
      closed ??= (async () => {
        store.flush();
        store.dispose();
        // Unmounting draws the tree as it is, so the last state must be committed first.
        await drawn.caughtUp();
        const exited = instance.waitUntilExit();
        instance.unmount();
        await exited;
      })();
      return closed;
    },
  };
}

/** How long closing waits for React to draw the last state before it gives up waiting. */
const commitWaitLimitMs = 1000;

/** Knows which store state is on screen, and waits until the newest one is. */
function trackDrawnState(store: DisplayStore): { onCommit: (state: DisplayState) => void; caughtUp: () => Promise<void> } {
  let drawn: DisplayState | undefined;
  const waiting: Array<() => void> = [];
  return {
    onCommit: (state) => {
      drawn = state;
      if (state === store.getSnapshot()) for (const resolve of waiting.splice(0)) resolve();
    },
    caughtUp: () => {
      if (drawn === store.getSnapshot()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        // A render that never comes (a crashed tree) must not keep the terminal hostage.
        const timer = setTimeout(resolve, commitWaitLimitMs);
        timer.unref();
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
