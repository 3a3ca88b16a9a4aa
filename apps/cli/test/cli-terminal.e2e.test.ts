import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDeferred, createTeamResponder } from '@massgen/testing';
import type { Deferred, FakeResponder } from '@massgen/testing';
import { readRunRecord } from './run-record-events.js';
import { useTeamFixture } from './team-fixture.js';
import { tmuxAvailable } from './tmux-terminal.js';
import type { TmuxTerminal } from './tmux-terminal.js';

const team = createTeamResponder({
  answer: (request) => `Four, says ${request.model}. 2 + 2 = 4.`,
  finalText: 'The answer is 4.',
});

const fixture = useTeamFixture('tui');

beforeEach(() => fixture.server.setResponder(team));

/** The team, with the winner's presentation held until the test releases it. */
function holdPresentation(): Deferred<void> {
  const gate = createDeferred<void>();
  const responder: FakeResponder = async (request, context) => {
    if (request.tools.length === 0) await gate.promise;
    return team(request, context);
  };
  fixture.server.setResponder(responder);
  return gate;
}

/**
 * Every agent answers until its answer is among those it is shown, then no reply ever comes
 * back: coordination runs until the user acts. (A turn cut short by another agent's answer
 * does not count: its answer never arrived.)
 */
function answerThenHang(): void {
  fixture.server.setResponder((request, context) => {
    if (request.tools.length === 0) return team(request, context);
    const ownAnswer = `Four, says ${request.model}.`;
    if (JSON.stringify(request.messages).includes(ownAnswer)) return { type: 'hang' };
    return { type: 'tool-calls', calls: [{ name: 'new_answer', arguments: { content: ownAnswer } }] };
  });
}

/** Three agents that answer and then get no reply, in a terminal that shows their three answers. */
async function startWithThreeAnswersWaiting(): Promise<TmuxTerminal> {
  answerThenHang();
  const terminal = fixture.startTeam(['alpha', 'beta', 'gamma'], undefined, { columns: 100, rows: 32 });
  await terminal.waitForScreen((screen) => screen.includes('Votes: none yet · 3 answers'), 'three answers');
  return terminal;
}

const readRecord = () => readRunRecord(fixture.directory);

// eslint-disable-next-line no-control-regex -- matching the terminal colour escapes
const colourEscape = /\u001b\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;5;\d+)m/;

describe.skipIf(!tmuxAvailable)('massgen in a real terminal (needs tmux: apt-get install -y tmux)', () => {
  it('shows the agent cards, the votes and the final answer as the run goes', async () => {
    const gate = holdPresentation();
    const terminal = fixture.startTeam(['alpha', 'beta', 'gamma'], undefined, { columns: 100, rows: 32 });

    const live = await terminal.waitForPresenting();
    expect(live).toMatch(/╭─+╮╭─+╮╭─+╮/);
    expect(live).toMatch(/1 alpha model-alpha · chat.*2 beta model-beta · chat.*3 gamma model-gamma · chat/);
    expect(live).toMatch(/voted agent\d\.\d \(\w+\)/);
    expect(live).toMatch(/Votes: ★ agent\d\.\d \(\w+\) ■+ 3/);
    expect(live).toContain('a answer now · 1-3 focus agent · q quit · ctrl-c cancel');
    expect(terminal.styledScreen()).toMatch(colourEscape);

    gate.resolve();
    expect(await terminal.waitForExit()).toBe(0);
    const history = terminal.history();
    expect(history).toContain('Final answer by');
    expect(history).toMatch(/^The answer is 4\.$/m);
    expect(history).toContain('Finished: consensus (every agent voted)');
    expect(history).toMatch(/Record: \.massgen\/runs\//);
  });

  it('answers now on `a`: the leader presents, the record is complete, exit code 0', async () => {
    const terminal = await startWithThreeAnswersWaiting();
    terminal.sendKeys('a');

    expect(await terminal.waitForExit()).toBe(0);
    expect(terminal.history()).toMatch(/^The answer is 4\.$/m);
    const { directory: record, events } = readRecord();
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'answer-now' });
    expect(readdirSync(path.join(record, 'answers'))).toHaveLength(3);
    expect(readFileSync(path.join(record, 'final.md'), 'utf8')).toBe('The answer is 4.');
    expect(JSON.parse(readFileSync(path.join(record, 'status.json'), 'utf8'))).toMatchObject({
      state: 'finished',
      stopReason: 'answer-now',
    });
  });

  it('cancels on Ctrl-C: every answer so far stays in the record, exit code 4', async () => {
    const terminal = await startWithThreeAnswersWaiting();
    terminal.sendKeys('C-c');

    expect(await terminal.waitForExit()).toBe(4);
    expect(terminal.history()).toContain('Finished: cancelled (cancelled by the user)');
    const { directory: record, events } = readRecord();
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'cancelled' });
    expect(events.filter((event) => event.type === 'answer')).toHaveLength(3);
    expect(readdirSync(path.join(record, 'answers'))).toHaveLength(3);
    expect(JSON.parse(readFileSync(path.join(record, 'status.json'), 'utf8'))).toMatchObject({
      state: 'finished',
      stopReason: 'cancelled',
    });
  });

  it('keeps eight agents readable on an 80x24 terminal, without colour under NO_COLOR', async () => {
    const gate = holdPresentation();
    const ids = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
    const terminal = fixture.startTeam(ids, undefined, {
      columns: 80,
      rows: 24,
      env: { NO_COLOR: '1' },
    });

    const screen = await terminal.waitForPresenting();
    expect(terminal.overflow(screen)).toEqual([]);
    for (const [index, id] of ids.entries())
      expect(screen).toMatch(new RegExp(`^${index + 1} ${id} +(✓ voted|● answered|★ presenting)`, 'm'));
    expect(screen).toMatch(/^Votes: ★ /m);
    expect(screen).toContain('a answer now · 1-8 focus agent');
    expect(terminal.styledScreen()).not.toMatch(colourEscape);

    gate.resolve();
    expect(await terminal.waitForExit()).toBe(0);
  });

  it('focuses one agent with its number, showing the answers it submitted by tool call, and returns with Escape', async () => {
    const gate = holdPresentation();
    const terminal = fixture.startTeam(['alpha', 'beta'], undefined, { columns: 90, rows: 30 });
    await terminal.waitForPresenting();
    terminal.sendKeys('2');
    const focused = await terminal.waitForScreen((screen) => screen.includes('esc back'), 'the focus view');
    expect(focused).toMatch(/ 2 beta +model-beta · chatcompletion/);
    expect(focused).toContain('── round 1: first answer ──');
    // The answer came as a new_answer call, which streams no text: the focus view still shows it.
    expect(focused).toContain('✔ answer agent2.1');
    expect(focused).toContain('Four, says model-beta. 2 + 2 = 4.');
    terminal.sendKeys('Escape');
    await terminal.waitForScreen(
      (screen) => screen.includes('1 alpha') && screen.includes('2 beta') && !screen.includes('esc back'),
      'the overview again',
    );
    gate.resolve();
    expect(await terminal.waitForExit()).toBe(0);
  });

  it('runs an interactive session: each question sees the earlier turns; /status and /quit work', async () => {
    const file = fixture.writeTeam(['alpha', 'beta']);
    const terminal = fixture.startTerminal(['--config', file], { columns: 100, rows: 40 });
    await terminal.waitForScreen((screen) => screen.endsWith('massgen>'), 'the prompt');
    terminal.enterLine('What is 2+2?');
    await terminal.waitForScreen(
      (screen) => /Finished: consensus[\s\S]*massgen>$/.test(screen),
      'the first answer and a new prompt',
    );
    const firstRunRequests = fixture.server.requests.length;

    terminal.enterLine('And doubled?');
    await terminal.waitForScreen(
      (screen) =>
        (screen.match(/Finished: consensus/g) ?? []).length === 1 &&
        /answers: \d[\s\S]*massgen>$/.test(screen) &&
        fixture.server.requests.length > firstRunRequests,
      'the second answer and a new prompt',
    );
    const laterRequest = JSON.stringify(fixture.server.requests[firstRunRequests]?.messages);
    expect(laterRequest).toContain('What is 2+2?');
    expect(laterRequest).toContain('The answer is 4.');
    expect(laterRequest).toContain('And doubled?');

    terminal.enterLine('/status');
    await terminal.waitForScreen(
      (screen) => screen.includes('Questions asked: 2 · in the conversation: 2'),
      'the session status',
    );
    terminal.enterLine('/quit');
    expect(await terminal.waitForExit()).toBe(0);
    expect(readdirSync(path.join(fixture.directory, '.massgen', 'runs'))).toHaveLength(2);
    // The session is stored as one: massgen --continue goes on from both turns.
    const [sessionId] = readdirSync(path.join(fixture.directory, '.massgen', 'sessions'));
    const turns = readFileSync(path.join(fixture.directory, '.massgen', 'sessions', sessionId!, 'turns.jsonl'), 'utf8');
    expect(
      turns
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { event: string }).event),
    ).toEqual(['started', 'ended', 'started', 'ended']);
  });
});
