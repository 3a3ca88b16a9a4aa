import type { AgentHandle, TurnRequest } from '@massgen/core';
import {
  answerTurn,
  createScriptedAgent,
  errorPart,
  newAnswerCall,
  textTurn,
  voteCall,
  voteTurn,
} from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { answerThenVote, scriptedVoter } from './test-agents.js';
import { runVote } from './test-context.js';

describe('vote strategy: failing agents', () => {
  it('retries an agent that ends turns without a workflow call, then drops it after three attempts', async () => {
    const mumbler = createScriptedAgent({
      id: 'mumbler',
      turns: (_request, index) => textTurn(`Just thinking out loud, take ${index + 1}.`),
    });
    const agents = [answerThenVote('alice', 'A'), mumbler, answerThenVote('carol', 'C')];
    // Without interruption every attempt runs to its end, so the attempts are exactly three.
    const events = await runVote({ agents, settings: { interrupt_stale_turns: false } });

    expect(mumbler.requests).toHaveLength(3);
    const starts = eventsOfType(events, 'agent-start').filter((event) => event.agentId === 'mumbler');
    expect(starts.map((event) => [event.round, event.attempt, event.reason])).toEqual([
      [1, 1, 'initial'],
      [1, 2, 'retry'],
      [1, 3, 'retry'],
    ]);
    const errors = eventsOfType(events, 'agent-error').filter((event) => event.agentId === 'mumbler');
    expect(errors.map((event) => [event.error.code, event.attempt, event.willRetry, event.retry])).toEqual([
      ['WORKFLOW_VIOLATION', 1, true, { scope: 'turn', maxAttempts: 3 }],
      ['WORKFLOW_VIOLATION', 2, true, { scope: 'turn', maxAttempts: 3 }],
    ]);
    const retryPrompt = promptText(mumbler.requests[1]);
    expect(retryPrompt).toContain('the turn ended without a call to new_answer or vote');
    expect(retryPrompt).toContain('Just thinking out loud, take 1.');
    // The last failure is said once, by the event that drops the agent.
    expect(onlyEvent(events, 'agent-killed')).toMatchObject({
      agentId: 'mumbler',
      reason: 'Agent "mumbler" (scripted/scripted-model) was dropped after failing all 3 attempts of its turn',
      error: { code: 'WORKFLOW_VIOLATION' },
    });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'alice' });
  });

  it('rejects each kind of malformed workflow call with feedback that says what was wrong', async () => {
    const sloppy = createScriptedAgent({
      id: 'sloppy',
      turns: [
        textTurn('Two at once.', newAnswerCall('A'), newAnswerCall('B')),
        voteTurn('agent1', 'nothing to vote for yet'),
        answerTurn('   '),
        textTurn('', { type: 'tool-call', id: 'call-bad', name: 'new_answer', input: '{"content": "unterminated' }),
        answerTurn('A proper answer'),
        voteTurn('agent7', 'no such agent'),
        voteTurn('agent1', 'mine', 1.5),
        voteTurn('agent1', 'mine'),
        textTurn('Presented.'),
      ],
    });
    const events = await runVote({ agents: [sloppy], settings: { maxTurnAttempts: 5 } });

    const problems = eventsOfType(events, 'agent-error').map((event) => event.error.message);
    expect(problems).toEqual([
      expect.stringContaining('exactly one is allowed'),
      expect.stringContaining('no answers exist yet'),
      expect.stringContaining('empty answer'),
      expect.stringContaining('not valid JSON'),
      expect.stringContaining('agent_id: expected the label of one of the answers: agent1'),
      expect.stringContaining('confidence: Too big: expected number to be <=1'),
    ]);
    // Attempts count within one turn: the answer starts a new turn with a fresh allowance.
    expect(eventsOfType(events, 'agent-error').map((event) => event.attempt)).toEqual([1, 2, 3, 4, 1, 2]);
    expect(promptText(sloppy.requests[1])).toContain('[called new_answer with {"content":"B"}]');
    expect(promptText(sloppy.requests[6])).toContain('Invalid arguments for vote: agent_id');
    expect(eventsOfType(events, 'agent-killed')).toEqual([]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', finalAnswer: 'Presented.' });
  });

  it('treats a call to a workflow tool the turn did not offer as an ordinary tool call, as the runtime does', async () => {
    const recovering = createScriptedAgent({
      id: 'recovering',
      turns: [
        [
          voteCall('agent1', 'too early'),
          { type: 'tool-result', id: 'unknown', name: 'vote', output: 'Unknown tool "vote".', isError: true },
          ...answerTurn('Recovered'),
        ],
        voteTurn('agent1', 'mine'),
        textTurn('Presented.'),
      ],
    });
    const events = await runVote({ agents: [recovering] });

    expect(eventsOfType(events, 'tool-call').map((event) => event.name)).toEqual(['vote']);
    expect(eventsOfType(events, 'agent-error')).toEqual([]);
    expect(onlyEvent(events, 'answer').content).toBe('Recovered');
  });

  it('drops an agent at once on a non-retryable backend error, naming it and the reason', async () => {
    const locked = createScriptedAgent({
      id: 'locked',
      provider: 'openai',
      turns: [
        [
          errorPart({
            code: 'BACKEND_AUTH',
            message: 'Incorrect API key provided.',
            retryable: false,
            statusCode: 401,
          }),
        ],
      ],
    });
    const agents = [answerThenVote('alice', 'A'), locked, answerThenVote('carol', 'C')];
    const events = await runVote({ agents });

    expect(locked.requests).toHaveLength(1);
    expect(eventsOfType(events, 'agent-error')).toEqual([]);
    const killed = onlyEvent(events, 'agent-killed');
    expect(killed.reason).toContain('"locked"');
    expect(killed.reason).toContain('a failure that retrying cannot fix');
    expect(killed.error).toMatchObject({
      code: 'BACKEND_AUTH',
      message: 'Incorrect API key provided.',
      agentId: 'locked',
      provider: 'openai',
      statusCode: 401,
    });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'alice' });
  });

  it('spends an attempt on a retryable error and reports runtime retries as agent errors', async () => {
    const retry = { code: 'BACKEND_SERVER' as const, message: 'Bad gateway.', retryable: true };
    const flaky = scriptedVoter('flaky', {
      first: [errorPart({ code: 'BACKEND_RATE_LIMIT', message: 'Slow down.', retryable: true })],
      second: [{ type: 'retry', attempt: 1, maxAttempts: 3, delayMs: 10, error: retry }, ...answerTurn('F')],
      then: voteTurn('agent1', 'mine'),
    });
    const events = await runVote({ agents: [flaky] });

    expect(
      eventsOfType(events, 'agent-error').map((event) => [event.error.code, event.attempt, event.willRetry]),
    ).toEqual([
      ['BACKEND_RATE_LIMIT', 1, true],
      ['BACKEND_SERVER', 1, true],
    ]);
    expect(eventsOfType(events, 'agent-start')[1]).toMatchObject({ reason: 'retry', attempt: 2, round: 1 });
    // A retry after an error is not told it broke the rules: the failure was not its doing.
    expect(promptText(flaky.requests[1])).not.toContain('previous_attempt');
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', finalAnswer: 'flaky presents' });
  });

  it('treats a handle that throws like a failed turn', async () => {
    const broken: AgentHandle = {
      id: 'broken',
      provider: 'custom',
      modelId: 'm',
      systemMessage: undefined,
      tools: [],
      turn: (_request: TurnRequest) => {
        throw new Error('handle exploded');
      },
    };
    const events = await runVote({ agents: [broken, answerThenVote('bob', 'B')] });

    expect(onlyEvent(events, 'agent-killed')).toMatchObject({
      agentId: 'broken',
      error: { code: 'INTERNAL', message: 'handle exploded' },
    });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'consensus', winnerAgentId: 'bob' });
  });

  it('ends with all-agents-failed when every agent dies before any answer', async () => {
    const dead = (id: string): ScriptedAgent =>
      createScriptedAgent({
        id,
        turns: [[errorPart({ code: 'BACKEND_QUOTA', message: `${id} has no quota left.`, retryable: false })]],
      });
    const events = await runVote({ agents: [dead('a'), dead('b')] });

    expect(eventsOfType(events, 'agent-killed').map((event) => event.agentId)).toEqual(['a', 'b']);
    expect(eventsOfType(events, 'final')).toEqual([]);
    expect(eventsOfType(events, 'consensus')).toEqual([]);
    const end = onlyEvent(events, 'run-end');
    expect(end.stopReason).toBe('all-agents-failed');
    expect(end.error).toMatchObject({ code: 'BACKEND_QUOTA' });
    expect(end.error?.message).toContain('a has no quota left.');
    expect(end.error?.message).toContain('b has no quota left.');
  });

  it('turns an exception inside the strategy into run-end with stopReason error', async () => {
    const events = await runVote({
      agents: [answerThenVote('alice', 'A')],
      spent: () => {
        throw new Error('ledger unavailable');
      },
    });

    expect(events[0]?.type).toBe('run-start');
    expect(events.at(-1)).toMatchObject({
      type: 'run-end',
      stopReason: 'error',
      error: { code: 'INTERNAL', message: 'ledger unavailable' },
    });
    expect(eventsOfType(events, 'run-end')).toHaveLength(1);
  });

  it('rejects duplicate agent ids, an empty team and bad settings with a clear run-end error', async () => {
    const twins = await runVote({ agents: [answerThenVote('same', 'A'), answerThenVote('same', 'B')] });
    expect(onlyEvent(twins, 'run-end')).toMatchObject({
      stopReason: 'error',
      error: {
        code: 'CONFIG_INVALID',
        message: expect.stringContaining('Agent id "same" is used by more than one agent'),
      },
    });
    const nobody = await runVote({ agents: [] });
    expect(onlyEvent(nobody, 'run-end').error).toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('at least one agent'),
    });
    const settings = { maxTurnAttempts: 0, convergence_threshold: 1.5 };
    const bad = await runVote({ agents: [answerThenVote('a', 'A')], settings });
    const message = onlyEvent(bad, 'run-end').error?.message ?? '';
    expect(message).toContain('maxTurnAttempts must be a whole number of at least 1 (got 0)');
    expect(message).toContain('convergence_threshold: expected a number greater than 0 and at most 1');
  });
});
