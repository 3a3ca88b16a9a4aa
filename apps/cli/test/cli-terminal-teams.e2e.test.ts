import { describe, expect, it } from 'vitest';
import { createDeferred } from '@massgen/testing';
import { fourTeam, useTeamFixture } from './team-fixture.js';
import { tmuxAvailable } from './tmux-terminal.js';

const fixture = useTeamFixture('terminal-teams');
const fifty = Array.from({ length: 50 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);

describe.skipIf(!tmuxAvailable)('a team of fifty in a real terminal (needs tmux)', () => {
  it(
    'sums the team up: counts, each island with its members and leader, the leading answers, and the agents that fit',
    { timeout: 120_000 },
    async () => {
      // The winner's presentation waits for the test, so the screen can be read with every vote in.
      const presentation = createDeferred<void>();
      fixture.server.setResponder(async (request, context) => {
        if (request.tools.length === 0) await presentation.promise;
        return fourTeam(request, context);
      });
      const terminal = fixture.startTeam(fifty, 'orchestrator:\n  topology: islands\n', { columns: 120, rows: 40 });

      const screen = await terminal.waitForPresenting();
      expect(terminal.overflow(screen)).toEqual([]);
      expect(screen).toMatch(/^Team: (.*✓ \d+ voted|.*★ 1 presenting)/m);
      expect(screen).toContain("islands final among 13 group winners: members' states, leading answer and its votes");
      expect(screen).toMatch(/^F1 [✓★]{13} agent\d+\.\d+ \d+ ✓/m);
      expect(screen).toMatch(/^Votes: ★ agent\d+\.\d+ \(agent\d\d\) ■+ \d+/m);
      expect(screen).toMatch(/^1 agent01 /m);
      expect(screen).toMatch(/^… \d+ more agents/m);

      presentation.resolve();
      expect(await terminal.waitForExit(60_000)).toBe(0);
      expect(terminal.history()).toMatch(/^The answer is 4\.$/m);
    },
  );
});
