import { createScriptedAgent, hang } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent } from '@massgen/testing/strategy';
import { answerThenVote } from './test-agents.js';
import { runVote } from './test-context.js';

/** Accepts its turn and then sends nothing, as a provider that took the request and went quiet. */
function silent(id: string): ScriptedAgent {
  return createScriptedAgent({ id, turns: () => [hang()] });
}

// The straggler limit is a few milliseconds against a turn that never ends by itself, so only
// the limit can move these runs on; none of them depends on how fast the machine is.
// Thresholds are real milliseconds: they are kept well above what a busy two-core machine delays a
// scripted agent's first part by, so that only the agent meant to be silent is.
describe('vote strategy: silent agents and stragglers', () => {
  it('drops an agent that sends nothing once the rest of the team is done, and concludes without it', async () => {
    const gamma = silent('gamma');
    const events = await runVote({
      agents: [answerThenVote('alpha', 'A'), answerThenVote('beta', 'B'), gamma],
      settings: { straggler_timeout_seconds: 0.2 },
    });

    expect(gamma.abortedTurns).toEqual([0]);
    const killed = onlyEvent(events, 'agent-killed');
    expect(killed).toMatchObject({
      agentId: 'gamma',
      reason: 'Agent "gamma" (scripted/scripted-model) was dropped so the team can conclude without it',
      error: {
        code: 'TIMEOUT',
        message:
          'Silent for 200 ms while the rest of the team waited (timeout_settings.straggler_timeout_seconds; 0 waits for every agent)',
      },
    });
    // The silence is named before the agent is dropped, with the agent it concerns. (Which other
    // agents are named too depends on how busy the machine is: the thresholds are milliseconds.)
    const notices = eventsOfType(events, 'warning').filter(
      (event) => event.warning.code === 'agent-silent' && event.warning.agentId === 'gamma',
    );
    expect(notices.length).toBeGreaterThan(0);
    expect(notices[0]?.warning.message).toMatch(/^gamma has sent nothing for \d+ ms/);
    expect(events.indexOf(notices[0]!)).toBeLessThan(events.indexOf(killed));
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', finalAnswer: 'alpha presents' });
  });

  it('drops every silent agent together once the rest of the team is done', async () => {
    const gamma = silent('gamma');
    const delta = silent('delta');
    const events = await runVote({
      agents: [answerThenVote('alpha', 'A'), gamma, delta],
      settings: { straggler_timeout_seconds: 0.1, timeoutMs: 3000 },
    });

    expect(eventsOfType(events, 'agent-killed').map((event) => event.agentId)).toEqual(['gamma', 'delta']);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'alpha' });
  });

  it.each([
    {
      waitsFor: 'a tool',
      part: { type: 'tool-call', id: 'call_search', name: 'search', input: '{}' } as const,
    },
    {
      waitsFor: 'a request slot (max_concurrent_requests)',
      part: { type: 'request-slot', waiting: true } as const,
    },
  ])('neither names nor drops an agent waiting for $waitsFor: it is not silent', async ({ part }) => {
    const gamma = createScriptedAgent({ id: 'gamma', turns: () => [part, hang()] });
    const events = await runVote({
      agents: [answerThenVote('alpha', 'A'), answerThenVote('beta', 'B'), gamma],
      settings: { straggler_timeout_seconds: 0.2, timeoutMs: 1000 },
    });

    expect(eventsOfType(events, 'agent-killed')).toEqual([]);
    expect(eventsOfType(events, 'warning').filter((event) => event.warning.agentId === 'gamma')).toEqual([]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'timeout' });
  });

  it('counts silence again once the waiting request has its slot', async () => {
    const gamma = createScriptedAgent({
      id: 'gamma',
      turns: () => [{ type: 'request-slot', waiting: true }, { type: 'request-slot', waiting: false }, hang()],
    });
    const events = await runVote({
      agents: [answerThenVote('alpha', 'A'), answerThenVote('beta', 'B'), gamma],
      settings: { straggler_timeout_seconds: 0.2 },
    });

    expect(onlyEvent(events, 'agent-killed')).toMatchObject({ agentId: 'gamma', error: { code: 'TIMEOUT' } });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus' });
  });

  it('waits for a silent agent when straggler_timeout_seconds is 0, until the run limit', async () => {
    const events = await runVote({
      agents: [answerThenVote('alpha', 'A'), answerThenVote('beta', 'B'), silent('gamma')],
      settings: { straggler_timeout_seconds: 0, timeoutMs: 100 },
    });

    expect(eventsOfType(events, 'agent-killed')).toEqual([]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'timeout', winnerAgentId: 'alpha' });
  });

  it('never drops the last agent standing by this rule: there is nobody to conclude without it', async () => {
    const events = await runVote({
      agents: [silent('solo')],
      settings: { straggler_timeout_seconds: 0.05, timeoutMs: 500 },
    });

    expect(eventsOfType(events, 'agent-killed')).toEqual([]);
    // Its silence is still named, before the run's own limit ends it.
    expect(eventsOfType(events, 'warning').map((event) => event.warning.code)).toContain('agent-silent');
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'timeout' });
  });

  it('rejects a negative straggler timeout', async () => {
    const events = await runVote({
      agents: [answerThenVote('alpha', 'A')],
      settings: { straggler_timeout_seconds: -0.001 },
    });

    expect(onlyEvent(events, 'run-end')).toMatchObject({
      stopReason: 'error',
      error: {
        code: 'CONFIG_INVALID',
        message: expect.stringContaining('straggler_timeout_seconds: expected a number of seconds, 0 or more'),
      },
    });
  });
});
