import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { DisplayStore } from './display-store.js';
import { pressAndWaitFor, waitForFrame } from './ink-test-helpers.js';
import { LiveRunApp } from './live-run-app.js';
import { stampEvents, threeAgentRun } from '@massgen/run-state/testing';

afterEach(cleanup);

function startApp() {
  const store = new DisplayStore({ frameIntervalMs: 0 });
  const calls = { answerNow: 0, cancel: 0 };
  const app = render(
    <LiveRunApp
      store={store}
      options={{ showAgentCards: true, liveTimeline: true }}
      keysEnabled
      onAnswerNow={() => (calls.answerNow += 1)}
      onCancel={() => (calls.cancel += 1)}
      size={{ columns: 90, rows: 30 }}
    />,
  );
  for (const event of stampEvents(threeAgentRun())) store.push(event);
  return { store, calls, app };
}

describe('LiveRunApp', () => {
  it('draws the events the store receives', async () => {
    const { app } = startApp();
    const frame = await waitForFrame(app.lastFrame, (text) => text.includes('gamma voted A1.1'));
    expect(frame).toMatch(/1 alpha.*2 beta.*3 gamma/);
  });

  it('asks for an answer now on `a` and says so', async () => {
    const { app, calls } = startApp();
    await waitForFrame(app.lastFrame, (text) => text.includes('3 gamma'));
    await pressAndWaitFor(app, 'a', 'answer requested');
    expect(calls).toEqual({ answerNow: 1, cancel: 0 });
  });

  it('cancels on Ctrl-C and on q, every time they are pressed', async () => {
    const { app, calls } = startApp();
    await waitForFrame(app.lastFrame, (text) => text.includes('3 gamma'));
    await pressAndWaitFor(app, '\u0003', 'cancelling');
    app.stdin.write('q');
    expect(calls).toEqual({ answerNow: 0, cancel: 2 });
  });

  it('focuses an agent by number and returns to the overview on Escape', async () => {
    const { app } = startApp();
    await waitForFrame(app.lastFrame, (text) => text.includes('3 gamma'));
    app.stdin.write('2');
    await waitForFrame(
      app.lastFrame,
      (text) => text.includes('── round 1: first answer ──') && text.includes('esc back'),
    );
    app.stdin.write('\u001b');
    await waitForFrame(app.lastFrame, (text) => text.includes('1 alpha') && text.includes('3 gamma'));
  });

  it('ignores the run keys once the run has ended', async () => {
    const { app, calls, store } = startApp();
    store.push({ type: 'run-end', stopReason: 'consensus', runId: 'run-test', seq: 99, time: Date.now() });
    await waitForFrame(app.lastFrame, (text) => text.includes('finished: consensus'));
    app.stdin.write('a');
    app.stdin.write('q');
    // Keys are handled in order: once the focus key shows, the two before it were handled too.
    await pressAndWaitFor(app, '1', '── round 1: first answer ──');
    expect(calls).toEqual({ answerNow: 0, cancel: 0 });
  });
});
