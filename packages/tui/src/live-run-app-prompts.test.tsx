import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { HumanMessage } from '@massgen/core';
import { stampEvents, threeAgentRun } from '@massgen/run-state/testing';
import { DisplayStore } from './display-store.js';
import { pressAndWaitFor, waitForFrame } from './ink-test-helpers.js';
import { LiveRunApp } from './live-run-app.js';
import { QuestionAsker } from './question-asker.js';

afterEach(cleanup);

/** A run still going: the three-agent fixture without its end. */
function startApp() {
  const store = new DisplayStore({ frameIntervalMs: 0 });
  const sent: HumanMessage[] = [];
  const questions = new QuestionAsker();
  const app = render(
    <LiveRunApp
      store={store}
      options={{ showAgentCards: true, liveTimeline: true }}
      keysEnabled
      onAnswerNow={() => undefined}
      onCancel={() => undefined}
      onMessage={(message) => sent.push(message)}
      questions={questions.board}
      onReply={questions.settle}
      size={{ columns: 100, rows: 34 }}
    />,
  );
  for (const event of stampEvents(threeAgentRun()).filter((event) => event.type !== 'run-end')) store.push(event);
  return { store, sent, questions, app };
}

describe('LiveRunApp: the person’s messages and replies', () => {
  it('types a message to every agent after `m`, and hands it on at Enter', async () => {
    const { app, sent } = startApp();
    await waitForFrame(app.lastFrame, (text) => text.includes('m message all'));
    await pressAndWaitFor(app, 'm', 'to all agents ›');
    app.stdin.write('Use metric');
    await pressAndWaitFor(app, '\u007f', 'to all agents › Use metri▏');
    app.stdin.write('c');
    await pressAndWaitFor(app, '\r', 'm message all');
    expect(sent).toEqual([{ text: 'Use metric' }]);
  });

  it('messages the focused agent alone, and Escape drops a message unsent', async () => {
    const { app, sent } = startApp();
    await waitForFrame(app.lastFrame, (text) => text.includes('3 gamma'));
    await pressAndWaitFor(app, '2', 'm message this agent');
    await pressAndWaitFor(app, 'm', 'to beta ›');
    app.stdin.write('never mind');
    await pressAndWaitFor(app, '\u001b', 'm message this agent');
    await pressAndWaitFor(app, 'm', 'to beta ›');
    app.stdin.write('Be brief.');
    await pressAndWaitFor(app, '\r', 'm message this agent');
    expect(sent).toEqual([{ text: 'Be brief.', to: ['beta'] }]);
  });

  it('shows an agent’s question and returns the typed reply; Escape skips the next one', async () => {
    const { app, questions } = startApp();
    await waitForFrame(app.lastFrame, (text) => text.includes('3 gamma'));
    const never = new AbortController().signal;
    const first = questions.ask(
      { agentId: 'beta', question: 'Celsius or Fahrenheit?', timeoutMs: 300_000 },
      { signal: never },
    );
    const second = questions.ask({ agentId: 'gamma', question: 'Which city?', timeoutMs: 60_000 }, { signal: never });
    await waitForFrame(app.lastFrame, (text) =>
      text.includes('beta asks (no reply after 5m00s): Celsius or Fahrenheit?'),
    );
    app.stdin.write('Celsius');
    app.stdin.write('\r');
    expect(await first).toBe('Celsius');
    await waitForFrame(app.lastFrame, (text) => text.includes('gamma asks (no reply after 1m00s): Which city?'));
    app.stdin.write('\u001b');
    expect(await second).toBeUndefined();
    await waitForFrame(app.lastFrame, (text) => text.includes('m message all'));
  });

  it('takes a question off the screen when its asker stops waiting', async () => {
    const { app, questions } = startApp();
    await waitForFrame(app.lastFrame, (text) => text.includes('3 gamma'));
    const stop = new AbortController();
    const asked = questions.ask(
      { agentId: 'alpha', question: 'Still there?', timeoutMs: 1000 },
      { signal: stop.signal },
    );
    await waitForFrame(app.lastFrame, (text) => text.includes('Still there?'));
    stop.abort();
    expect(await asked).toBeUndefined();
    await waitForFrame(app.lastFrame, (text) => !text.includes('Still there?') && text.includes('m message all'));
  });

  it('shows the message on the timeline once the run takes it', async () => {
    const { app, store } = startApp();
    const [event] = stampEvents([{ type: 'human-message', text: 'Use metric units.', to: ['beta'] }]);
    store.push({ ...event!, seq: 50 });
    await waitForFrame(app.lastFrame, (text) => text.includes('message to beta: Use metric units.'));
  });
});
