import { describe, expect, it } from 'vitest';
import type { FakeChatRequest } from '@massgen/testing';
import { fourTeam, useTeamFixture } from './team-fixture.js';
import { tmuxAvailable } from './tmux-terminal.js';
import type { TmuxTerminal } from './tmux-terminal.js';

const fixture = useTeamFixture('tui-messages');
const message = 'Answer in words, not digits.';

const carries = (request: FakeChatRequest, text: string): boolean => JSON.stringify(request.messages).includes(text);
const isTurn = (request: FakeChatRequest): boolean => request.tools.length > 0;

/** Presses `m`, waits for the message line `prompt`, types `message` and sends it with Enter. */
async function sendMessage(terminal: TmuxTerminal, prompt: string, description: string): Promise<void> {
  terminal.sendKeys('m');
  await terminal.waitForScreen((screen) => screen.includes(prompt), description);
  terminal.type(message);
  await terminal.waitForScreen((screen) => screen.includes(message), 'the typed message');
  terminal.sendKeys('Enter');
}

describe.skipIf(!tmuxAvailable)('massgen in a real terminal: messages to the agents (needs tmux)', () => {
  it('`m` sends a message to every agent: their running turns restart, and each next request carries it', async () => {
    // Until the message comes, every agent's turn hangs: only the message can move the run on.
    fixture.server.setResponder((request, context) =>
      isTurn(request) && !carries(request, message) ? { type: 'stall', afterChunks: 0 } : fourTeam(request, context),
    );
    const terminal = fixture.startTeam(['alpha', 'beta']);
    await terminal.waitForScreen(
      (screen) => screen.includes('m message all') && fixture.server.requests.length === 2,
      'both agents asked, and the key help offering m',
    );
    await sendMessage(terminal, 'to all agents ›', 'the message line');

    expect(await terminal.waitForExit()).toBe(0);
    expect(terminal.history()).toMatch(/^The answer is 4\.$/m);
    const [first, second, ...later] = fixture.server.requests;
    for (const request of [first!, second!]) expect(carries(request, message)).toBe(false);
    for (const model of ['model-alpha', 'model-beta']) {
      const next = later.find((request) => request.model === model);
      expect(next === undefined ? '' : JSON.stringify(next.messages)).toContain(message);
    }
    const events = fixture.recordedEvents();
    expect(events.filter((event) => event.type === 'human-message')).toMatchObject([
      { type: 'human-message', text: message },
    ]);
    expect(
      events
        .filter((event) => event.type === 'restart')
        .map((event) => (event.type === 'restart' ? [event.agentId, event.reason] : [])),
    ).toEqual(
      expect.arrayContaining([
        ['alpha', 'a message from the person came while it worked'],
        ['beta', 'a message from the person came while it worked'],
      ]),
    );
  });

  it('`m` in an agent’s focus view messages that agent alone', async () => {
    // beta's turns hang until they carry the message; alpha answers and votes as usual.
    fixture.server.setResponder((request, context) =>
      request.model === 'model-beta' && isTurn(request) && !carries(request, message)
        ? { type: 'stall', afterChunks: 0 }
        : fourTeam(request, context),
    );
    const terminal = fixture.startTeam(['alpha', 'beta']);
    await terminal.waitForScreen(
      (screen) => screen.includes('alpha answered'),
      'alpha answered while beta is still working',
    );
    terminal.sendKeys('2');
    await terminal.waitForScreen((screen) => screen.includes('m message this agent'), 'beta focused');
    await sendMessage(terminal, 'to beta ›', 'the message line for beta');

    expect(await terminal.waitForExit()).toBe(0);
    const alphaRequests = fixture.server.requests.filter((request) => request.model === 'model-alpha');
    for (const request of alphaRequests) expect(carries(request, message)).toBe(false);
    const betaTurns = fixture.server.requests.filter((request) => request.model === 'model-beta' && isTurn(request));
    expect(carries(betaTurns.at(-1)!, message)).toBe(true);
    expect(fixture.recordedEvents().find((event) => event.type === 'human-message')).toMatchObject({
      text: message,
      to: ['beta'],
    });
  });
});
