import { render } from 'ink';
import type { DisplayState } from '@massgen/run-state';
import { DisplayStore } from './display-store.js';
import { LiveRunApp } from './live-run-app.js';
import { QuestionAsker } from './question-asker.js';
import type { LiveDisplay, LiveDisplayOptions } from './live-display-options.js';
import { ThemeContext, themeForEnvironment } from './theme.js';

/**
 * Draws the live display of one run with ink, in this thread. It reads keys only when stdin is a
 * terminal, and Ctrl-C reaches `onCancel` instead of killing the process, so a cancelled run
 * still ends cleanly.
 */
export function mountLiveDisplay(options: LiveDisplayOptions): LiveDisplay {
  const stdin = options.stdin ?? process.stdin;
  const store = new DisplayStore(
    options.frameIntervalMs === undefined ? {} : { frameIntervalMs: options.frameIntervalMs },
  );
  const drawn = trackDrawnState(store);
  const questions = new QuestionAsker();
  const instance = render(
    <ThemeContext.Provider value={themeForEnvironment(options.env ?? process.env)}>
      <LiveRunApp
        store={store}
        options={{ showAgentCards: options.showAgentCards ?? true, liveTimeline: options.liveTimeline ?? true }}
        keysEnabled={stdin.isTTY === true}
        onAnswerNow={options.onAnswerNow}
        onCancel={options.onCancel}
        {...(options.onMessage === undefined ? {} : { onMessage: options.onMessage })}
        questions={questions.board}
        onReply={questions.settle}
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
      // The store paces frames by their cost; ink's own throttle would postpone a frame's drawing
      // past the point where that cost is measured (the commit), so it is left unthrottled.
      maxFps: 0,
    },
  );
  let closed: Promise<void> | undefined;
  return {
    onEvent: (event) => store.push(event),
    askHuman: questions.ask,
    close: () => {
      closed ??= (async () => {
        questions.close();
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
function trackDrawnState(store: DisplayStore): {
  onCommit: (state: DisplayState) => void;
  caughtUp: () => Promise<void>;
} {
  let drawn: DisplayState | undefined;
  const waiting: Array<() => void> = [];
  return {
    onCommit: (state) => {
      drawn = state;
      store.frameDrawn(state);
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
