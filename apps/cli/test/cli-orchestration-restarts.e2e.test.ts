import { describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '@massgen/core';
import type { FakeChatRequest, FakeReply } from '@massgen/testing';
import { runCli, startCli } from './run-cli.js';
import { useTeamFixture } from './team-fixture.js';

const fixture = useTeamFixture('restarts');

const offered = (request: FakeChatRequest): string[] => request.tools.map((tool) => tool.function.name);
const seen = (request: FakeChatRequest): string => JSON.stringify(request.messages);
const call = (name: string, args: Record<string, unknown>): FakeReply => ({
  type: 'tool-calls',
  calls: [{ name, arguments: args }],
});
const isReview = (request: FakeChatRequest): boolean => offered(request).includes('restart_orchestration');

const reason = 'It never names the river.';
const instructions = 'Name the river that runs through Paris.';

/**
 * Both agents answer, then vote for agent1 once their own answer is in view. The winner's
 * review restarts the coordination; after the restart the answers name the river. `hold`
 * keeps beta's voting turns of the second attempt hanging, to stop the run there.
 */
function team(options: { hold: () => boolean }) {
  return (request: FakeChatRequest): FakeReply => {
    const restarted = seen(request).includes(instructions);
    if (isReview(request)) return call('restart_orchestration', { reason, instructions });
    if (offered(request).length === 0)
      return { type: 'text', text: restarted ? 'Final: Paris, on the Seine.' : 'Final: Paris.' };
    if (offered(request).includes('vote') && seen(request).includes('Your own latest answer')) {
      if (restarted && request.model === 'model-beta' && options.hold()) return { type: 'hang' };
      return call('vote', { agent_id: 'agent1', reason: 'It is right.' });
    }
    return call('new_answer', { content: restarted ? 'Paris, on the Seine.' : 'Paris.' });
  };
}

const restartKey = 'orchestrator:\n  coordination:\n    max_orchestration_restarts: 1\n';
const ofType = <Type extends RunEvent['type']>(events: RunEvent[], type: Type) =>
  events.filter((event): event is Extract<RunEvent, { type: Type }> => event.type === type);

describe('max_orchestration_restarts through the built CLI', () => {
  it('restarts once on the winner’s call: the second attempt’s requests carry the reason, and the record and progress lines show it', async () => {
    fixture.server.setResponder(team({ hold: () => false }));
    const file = fixture.writeTeam(['alpha', 'beta'], restartKey);

    const validated = await runCli(['--validate', file], { cwd: fixture.directory });
    expect(validated.code).toBe(0);
    expect(validated.stdout + validated.stderr).not.toContain('not supported');
    const wrong = fixture.writeTeam(['alpha'], restartKey.replace(': 1', ': -1'));
    const refused = await runCli(['--validate', wrong], { cwd: fixture.directory });
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain(
      'orchestrator.coordination.max_orchestration_restarts (line 6): expected a whole number, 0 or more, got -1',
    );
    fixture.writeTeam(['alpha', 'beta'], restartKey);

    const result = await runCli(['--config', file, '--no-display', 'What is the capital of France?'], {
      cwd: fixture.directory,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Final: Paris, on the Seine.\n');
    expect(result.stderr).toContain(
      `alpha restarted the coordination (attempt 2 of 2): ${reason}; instructions: ${instructions}`,
    );

    const requests = fixture.server.requests;
    const reviews = requests.filter(isReview);
    // One review: the last attempt offers no restart.
    expect(reviews).toHaveLength(1);
    expect(offered(reviews[0]!)).toEqual(['submit', 'restart_orchestration']);
    const after = requests.slice(requests.indexOf(reviews[0]!) + 1).filter((request) => offered(request).length > 0);
    expect(after.map((request) => request.model).sort()).toContain('model-beta');
    for (const request of after) {
      expect(seen(request)).toContain(reason);
      expect(seen(request)).toContain('Final: Paris.');
    }

    const events = fixture.recordedEvents();
    expect(ofType(events, 'orchestration-restart')).toEqual([
      expect.objectContaining({ agentId: 'alpha', attempt: 2, maxAttempts: 2, reason, instructions }),
    ]);
    expect(ofType(events, 'final').map((event) => event.content)).toEqual(['Final: Paris, on the Seine.']);
    const status = fixture.recordedJson<{ attempt?: { number: number; reason: string }; answers: unknown[] }>(
      'status.json',
    );
    expect(status.attempt).toMatchObject({ number: 2, reason });
    expect(status.answers).toHaveLength(2);
  });

  it('resumes a run stopped in its second attempt in that attempt, with the restart in every request', async () => {
    let hold = true;
    fixture.server.setResponder(team({ hold: () => hold }));
    const file = fixture.writeTeam(['alpha', 'beta'], restartKey);
    const started = startCli(['--config', file, '--no-display', 'What is the capital of France?'], {
      cwd: fixture.directory,
    });
    const heldInAttempt2 = (): boolean =>
      fixture.server.requests.some(
        (request) =>
          request.model === 'model-beta' && seen(request).includes(instructions) && offered(request).includes('vote'),
      ) && ofType(fixture.recordedEvents(), 'answer').length >= 4;
    await vi.waitFor(() => expect(heldInAttempt2()).toBe(true), { timeout: 60_000, interval: 50 });
    started.child.kill('SIGINT');
    await started.done;

    hold = false;
    const before = fixture.server.requests.length;
    const resumed = await runCli(['resume', '--no-display'], { cwd: fixture.directory });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe('Final: Paris, on the Seine.\n');
    const resumedRequests = fixture.server.requests.slice(before);
    // No review (the attempt under way is the last) and no first-attempt prompt.
    expect(resumedRequests.filter(isReview)).toEqual([]);
    for (const request of resumedRequests.filter((each) => offered(each).length > 0))
      expect(seen(request)).toContain(reason);
    const events = fixture.recordedEvents();
    expect(ofType(events, 'orchestration-restart')).toHaveLength(1);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
  });
});
