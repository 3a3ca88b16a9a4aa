import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '@massgen/testing';
import { fourTeam, silentAgent, useTeamFixture } from './team-fixture.js';
import { tmuxAvailable } from './tmux-terminal.js';

const fixture = useTeamFixture('tui-waiting');

/** The lines of one agent's card on a screen of cards side by side, found by its header (`2 beta`). */
function cardOf(screen: string, agentId: string): string {
  const lines = screen.split('\n');
  const header = lines.findIndex((line) => new RegExp(`│ *\\d ${agentId} `).test(line));
  if (header === -1) return '';
  const column = (line: string) => line.split('││').findIndex((piece) => piece.includes(` ${agentId} `));
  const index = column(lines[header] ?? '');
  const card: string[] = [];
  for (const line of lines.slice(header)) {
    if (!line.includes('│')) break;
    card.push(line.split('││')[index] ?? '');
  }
  return card.join('\n');
}

function recordedEvents() {
  return { directory: fixture.latestRecord(), events: fixture.recordedEvents() };
}

describe.skipIf(!tmuxAvailable)('massgen in a real terminal, waiting (needs tmux)', () => {
  it('`a` before any answer does not end the run: it says the first answer will be presented, then presents it', async () => {
    const firstAnswers = createDeferred<void>();
    fixture.server.setResponder(async (request, context) => {
      if (request.tools.length > 0) await firstAnswers.promise;
      return fourTeam(request, context);
    });
    const terminal = fixture.startTeam(['alpha', 'beta']);
    await terminal.waitForScreen(
      (screen) => screen.includes('Votes: none yet · 0 answers') && fixture.server.requests.length === 2,
      'both agents asked, no answer yet',
    );
    terminal.sendKeys('a');
    await terminal.waitForScreen(
      (screen) => screen.includes('answer requested: no answer yet, the first one to arrive will be presented'),
      'the display saying it waits for the first answer',
    );
    // Still running: nothing has ended the run.
    expect(recordedEvents().events.some((event) => event.type === 'run-end')).toBe(false);

    firstAnswers.resolve();
    expect(await terminal.waitForExit()).toBe(0);
    expect(terminal.history()).toMatch(/^The answer is 4\.$/m);
    const { directory: record, events } = recordedEvents();
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'answer-now', finalAnswer: 'The answer is 4.' });
    expect(events.at(-1)).not.toHaveProperty('error');
    expect(readFileSync(path.join(record, 'final.md'), 'utf8')).toBe('The answer is 4.');
  });

  it('names a silent agent on its card with how long it has been silent, then drops it and concludes', async () => {
    fixture.server.setResponder(silentAgent('gamma'));
    const terminal = fixture.startTeam(
      ['alpha', 'beta', 'gamma'],
      'timeout_settings:\n  straggler_timeout_seconds: 6\n',
      { columns: 150, rows: 32 },
    );

    const silent = await terminal.waitForScreen(
      (screen) => /3 gamma[\s\S]*silent \d+s/.test(screen),
      'gamma named silent on its card',
    );
    expect(silent).toMatch(/◐ working · silent \d+s/);
    expect(silent).toContain('warning: gamma has sent nothing for 3 s');
    // The others wait on gamma, and their cards say so: not that they are still thinking.
    const waiting = await terminal.waitForScreen(
      (screen) => ['alpha', 'beta'].every((id) => /waiting for [^\n]*gamma \(silent \d+s\)/.test(cardOf(screen, id))),
      'alpha and beta shown waiting for gamma',
    );
    for (const id of ['alpha', 'beta']) expect(cardOf(waiting, id)).not.toContain('thinking');
    expect(cardOf(waiting, 'gamma')).toMatch(/working · silent \d+s/);

    expect(await terminal.waitForExit()).toBe(0);
    const history = terminal.history();
    expect(history).toMatch(/^The answer is 4\.$/m);
    expect(history).toMatch(/gamma +model-gamma +0 tok +0 answers, failed: TIMEOUT/);
    const { events } = recordedEvents();
    expect(events.find((event) => event.type === 'agent-killed')).toMatchObject({
      agentId: 'gamma',
      error: { code: 'TIMEOUT' },
    });
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus' });
  });
});
