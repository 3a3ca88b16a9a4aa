import { answerTurn, createScriptedAgent, hang, voteTurn } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { answerThenVote, scriptedVoter } from './test-agents.js';
import { offeredLabels } from './test-requests.js';
import { runVote } from './test-context.js';

// The limits are a few milliseconds against turns that never end by themselves, so the outcome
// does not depend on timing: only the limit can move these runs on.
describe('vote strategy: round time limits', () => {
  it('stops a turn at the round limit and gives the agent one wrap-up attempt with what it wrote', async () => {
    const dawdler = scriptedVoter('dawdler', {
      first: [{ type: 'text-delta', text: 'Thinking about Paris' }, hang()],
      then: (request) => (offeredLabels(request).length > 0 ? voteTurn('agent1', 'settled') : answerTurn('Paris.')),
    });
    const settings = { roundTimeoutMs: 5, round_timeout_grace_seconds: 10, timeoutMs: 10_000 };
    const events = await runVote({ agents: [dawdler], settings });

    expect(dawdler.abortedTurns).toEqual([0]);
    expect(onlyEvent(events, 'agent-error')).toMatchObject({
      agentId: 'dawdler',
      attempt: 1,
      willRetry: true,
      error: { code: 'TIMEOUT', message: 'Agent "dawdler" did not end its turn within the round time limit of 5 ms.' },
    });
    const wrapUp = promptText(dawdler.requests[1]);
    expect(wrapUp).toContain('it ran past the round time limit of 5 ms. This attempt has only 10 s');
    expect(wrapUp).toContain('Thinking about Paris');
    expect(eventsOfType(events, 'agent-start')[1]).toMatchObject({ round: 1, attempt: 2, reason: 'retry' });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', finalAnswer: 'dawdler presents' });
  });

  it('drops an agent whose wrap-up attempt also runs out, and the others go on', async () => {
    const stuck = createScriptedAgent({ id: 'stuck', turns: () => [hang()] });
    const settings = { roundTimeoutMs: 5, round_timeout_grace_seconds: 0.005, timeoutMs: 10_000 };
    const events = await runVote({ agents: [answerThenVote('alice', 'A'), stuck], settings });

    expect(stuck.abortedTurns.length).toBeGreaterThanOrEqual(2);
    expect(onlyEvent(events, 'agent-killed')).toMatchObject({
      agentId: 'stuck',
      error: { code: 'TIMEOUT', message: expect.stringContaining('did not end its turn within the 5 ms grace period') },
    });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'alice' });
  });

  it('drops the agent at the round limit when there is no grace period', async () => {
    const stuck = createScriptedAgent({ id: 'stuck', turns: () => [hang()] });
    const settings = {
      roundTimeoutMs: 5,
      round_timeout_grace_seconds: 0,
      timeoutMs: 10_000,
      interrupt_stale_turns: false,
    };
    const events = await runVote({ agents: [answerThenVote('alice', 'A'), stuck], settings });

    expect(stuck.requests).toHaveLength(1);
    expect(eventsOfType(events, 'agent-error')).toEqual([]);
    expect(onlyEvent(events, 'agent-killed')).toMatchObject({
      agentId: 'stuck',
      error: { code: 'TIMEOUT', retryable: false, message: expect.stringContaining('round time limit of 5 ms') },
    });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'alice' });
  });

  it('leaves turns that end in time alone', async () => {
    const settings = { roundTimeoutMs: 60_000 };
    const events = await runVote({ agents: [answerThenVote('alice', 'A'), answerThenVote('bob', 'B')], settings });

    expect(eventsOfType(events, 'agent-error')).toEqual([]);
    expect(onlyEvent(events, 'run-end').stopReason).toBe('consensus');
  });
});
