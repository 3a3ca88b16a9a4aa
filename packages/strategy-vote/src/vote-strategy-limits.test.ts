import {
  answerTurn,
  createDeferred,
  createScriptedAgent,
  hang,
  newAnswerCall,
  textTurn,
  voteTurn,
  waitFor,
} from '@massgen/testing';
import type { AgentStreamPart, CoordinationEvent, OrchestratorSettings, Usage } from '@massgen/core';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectFinalAnswer, expectOnlyEvent } from '@massgen/testing/vitest';
import { answerThenVote, scriptedVoter } from './test-agents.js';
import { isPresentation } from './test-requests.js';
import { runVote } from './test-context.js';

/** A generous whole-run limit that only keeps a broken run from hanging a test. */
const safetyTimeoutMs = 10_000;

/**
 * Runs `agent` alone under `budget`, with the spending counted from its usage events as the
 * runtime counts it: each adds what `price` says.
 */
async function runWithinBudget(
  agent: ScriptedAgent,
  budget: OrchestratorSettings['budget'],
  price: (usage: Usage) => { tokens: number; costUsd: number },
): Promise<CoordinationEvent[]> {
  const spent = { tokens: 0, costUsd: 0 };
  return runVote(
    { agents: [agent], settings: { budget, timeoutMs: safetyTimeoutMs }, spent: () => ({ ...spent }) },
    (event) => {
      if (event.type !== 'usage') return;
      const { tokens, costUsd } = price(event.usage);
      spent.tokens += tokens;
      spent.costUsd += costUsd;
    },
  );
}

/**
 * Answers `answer`, then reports `usage` in its next turn and holds that turn open until the
 * budget stops the run; presents `<answer>, presented.`.
 */
function overspender(id: string, answer: string, usage: Usage): ScriptedAgent {
  return createScriptedAgent({
    id,
    turns: [answerTurn(answer), [{ type: 'usage', usage }, hang()], textTurn(`${answer}, presented.`)],
  });
}

/** Answers, then holds its next turn open until aborted; presents with a fixed text. */
function answerThenHang(id: string, answer: string): ScriptedAgent {
  return scriptedVoter(id, { first: answerTurn(answer), then: [hang()] });
}

/**
 * Runs alice (who answers, then holds her next turn open) and bob (who never ends his first turn),
 * aborting the context's `stop` signal as alice's answer arrives.
 */
async function runStoppedAtFirstAnswer(stop: 'answerNow' | 'signal') {
  const controller = new AbortController();
  const alice = answerThenHang('alice', 'A');
  const bob = createScriptedAgent({ id: 'bob', turns: [[hang()]] });
  const events = await runVote(
    { agents: [alice, bob], [stop]: controller.signal, settings: { timeoutMs: safetyTimeoutMs } },
    (event) => {
      if (event.type === 'answer') controller.abort();
    },
  );
  return { alice, bob, events };
}

describe('vote strategy: limits', () => {
  it('stops at the convergence threshold and aborts turns still running', async () => {
    const alice = scriptedVoter('alice', {
      first: answerTurn('A'),
      then: voteTurn('agent1', 'mine'),
    });
    const aliceAnswered = createDeferred();
    // Bob's first turn cannot vote (no answers yet), so it fails once and votes on its retry.
    const bob = scriptedVoter('bob', {
      first: [waitFor(aliceAnswered.promise), ...textTurn('Still thinking.')],
      then: voteTurn('agent1', 'good'),
    });
    const carol = createScriptedAgent({ id: 'carol', turns: [[hang()]] });
    const settings = { convergence_threshold: 0.6, timeoutMs: safetyTimeoutMs };
    let abortedBeforePresentation: number[] | undefined;
    const events = await runVote({ agents: [alice, bob, carol], settings }, (event) => {
      if (event.type === 'answer') aliceAnswered.resolve();
      if (event.type === 'final-delta') abortedBeforePresentation = [...carol.abortedTurns];
    });

    expect(eventsOfType(events, 'vote')).toHaveLength(2);
    expect(onlyEvent(events, 'consensus')).toMatchObject({
      stopReason: 'convergence-threshold',
      winnerAgentId: 'alice',
    });
    // Aborted when the threshold was reached, not merely when the run was closed.
    expect(abortedBeforePresentation).toEqual([0]);
    expectFinalAnswer(events, {
      stopReason: 'convergence-threshold',
      agentId: 'alice',
      label: 'agent1.final',
      content: 'alice presents',
    });
  });

  it('stops with max-rounds when no agent may take another turn, and the first to answer presents', async () => {
    const bobAnswered = createDeferred();
    const restless = (id: string, waitBeforeFirstAnswer?: Promise<unknown>): ScriptedAgent => {
      const answer = (index: number) => answerTurn(`${id} v${index + 1}`);
      return scriptedVoter(id, {
        first: waitBeforeFirstAnswer === undefined ? answer(0) : [waitFor(waitBeforeFirstAnswer), ...answer(0)],
        then: (_request, index) => answer(index),
      });
    };
    const alice = restless('alice', bobAnswered.promise);
    const bob = restless('bob');
    // Alice's first turn waits for bob's answer, so it must not be interrupted by it.
    const events = await runVote(
      { agents: [alice, bob], settings: { maxRounds: 2, interrupt_stale_turns: false } },
      (event) => {
        if (event.type === 'answer' && event.agentId === 'bob') bobAnswered.resolve();
      },
    );

    expect(eventsOfType(events, 'round').map((event) => event.round)).toEqual([1, 2]);
    expect(eventsOfType(events, 'answer')).toHaveLength(4);
    // Nobody voted, so bob wins: it answered first, although alice is listed first.
    expect(onlyEvent(events, 'consensus')).toMatchObject({
      stopReason: 'max-rounds',
      winnerAgentId: 'bob',
      winnerLabel: 'agent2.2',
    });
    for (const agent of [alice, bob])
      expect(agent.requests.filter((request) => !isPresentation(request))).toHaveLength(2);
    expectFinalAnswer(events, {
      stopReason: 'max-rounds',
      agentId: 'bob',
      label: 'agent2.final',
      content: 'bob presents',
    });
  });

  it('stops at the time limit, aborts running turns, and the leader presents', async () => {
    const alice = answerThenHang('alice', 'A');
    const bob = createScriptedAgent({ id: 'bob', turns: [[hang()]] });
    let abortedBeforePresentation: number[][] = [];
    const events = await runVote({ agents: [alice, bob], settings: { timeoutMs: 30 } }, (event) => {
      if (event.type === 'final-delta') abortedBeforePresentation = [[...alice.abortedTurns], [...bob.abortedTurns]];
    });

    expect(abortedBeforePresentation).toEqual([[1], [0]]);
    expect(onlyEvent(events, 'consensus')).toMatchObject({
      stopReason: 'timeout',
      winnerAgentId: 'alice',
      winnerLabel: 'agent1.1',
    });
    expectFinalAnswer(events, {
      stopReason: 'timeout',
      agentId: 'alice',
      label: 'agent1.final',
      content: 'alice presents',
    });
  });

  it('reports a timeout with no answer as an error and presents nothing', async () => {
    const stuck = createScriptedAgent({ id: 'stuck', turns: [[hang()]] });
    const events = await runVote({ agents: [stuck], settings: { timeoutMs: 20 } });

    expect(eventsOfType(events, 'final')).toEqual([]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({
      stopReason: 'timeout',
      error: { code: 'TIMEOUT', message: expect.stringContaining('20 ms') },
    });
  });

  it('stops when an answer is asked for now, and the leader presents', async () => {
    const { bob, events } = await runStoppedAtFirstAnswer('answerNow');

    expect(bob.abortedTurns).toEqual([0]);
    expect(onlyEvent(events, 'consensus')).toMatchObject({ stopReason: 'answer-now', winnerAgentId: 'alice' });
    expect(onlyEvent(events, 'run-end')).toMatchObject({ stopReason: 'answer-now', finalAnswer: 'alice presents' });
  });

  it('an answer asked for before any exists does not end the run: the first answer to come is presented', async () => {
    const answerNow = new AbortController();
    const firstAnswer = createDeferred<void>();
    const slow = createScriptedAgent({
      id: 'slow',
      turns: (request) =>
        isPresentation(request) ? textTurn('slow presents') : [waitFor(firstAnswer.promise), ...answerTurn('S')],
    });
    const never = createScriptedAgent({ id: 'never', turns: [[hang()]] });
    const events = await runVote({ agents: [slow, never], answerNow: answerNow.signal }, (event) => {
      if (event.type === 'round') {
        // The request is queued before the answer can be: it meets a run with no answer yet.
        answerNow.abort();
        firstAnswer.resolve();
      }
    });

    expect(eventsOfType(events, 'answer').map((event) => event.label)).toEqual(['agent1.1']);
    expect(never.abortedTurns).toEqual([0]);
    expect(onlyEvent(events, 'consensus')).toMatchObject({ stopReason: 'answer-now', winnerAgentId: 'slow' });
    expect(onlyEvent(events, 'run-end')).toMatchObject({
      stopReason: 'answer-now',
      winnerAgentId: 'slow',
      finalAnswer: 'slow presents',
    });
    expect(onlyEvent(events, 'run-end').error).toBeUndefined();
  });

  it('cancels promptly: every turn aborted, no presentation', async () => {
    const { alice, bob, events } = await runStoppedAtFirstAnswer('signal');

    expect(events.at(-1)).toEqual({ type: 'run-end', stopReason: 'cancelled' });
    expect(eventsOfType(events, 'consensus')).toEqual([]);
    expect(eventsOfType(events, 'final')).toEqual([]);
    expect(alice.abortedTurns).toEqual([1]);
    expect(bob.abortedTurns).toEqual([0]);
    expect(alice.requests.some(isPresentation)).toBe(false);
  });

  it('cancels during the presentation without a final answer', async () => {
    const cancel = new AbortController();
    const solo = createScriptedAgent({
      id: 'solo',
      turns: [answerTurn('S'), voteTurn('agent1', 'mine'), [{ type: 'text-delta', text: 'Once upon' }, hang()]],
    });
    const events = await runVote(
      { agents: [solo], signal: cancel.signal, settings: { timeoutMs: safetyTimeoutMs } },
      (event) => {
        if (event.type === 'final-delta') cancel.abort();
      },
    );

    expect(solo.abortedTurns).toEqual([2]);
    expect(eventsOfType(events, 'final')).toEqual([]);
    expect(events.at(-1)).toEqual({ type: 'run-end', stopReason: 'cancelled' });
  });

  it('ends a run whose signal is already aborted without starting any turn', async () => {
    const cancel = new AbortController();
    cancel.abort();
    const idle = createScriptedAgent({ id: 'idle', turns: [] });
    const events = await runVote({ agents: [idle], signal: cancel.signal });

    expect(events.map((event) => event.type)).toEqual(['run-start', 'run-end']);
    expect(idle.requests).toEqual([]);
  });

  it('stops at the token budget, and the leading answer is presented', async () => {
    const thrifty = overspender('thrifty', 'Cheap answer', { inputTokens: 120, outputTokens: 30 });
    const events = await runWithinBudget(thrifty, { maxTokensTotal: 100 }, (usage) => ({
      tokens: (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0),
      costUsd: 0,
    }));

    expectOnlyEvent(events, 'usage', {
      agentId: 'thrifty',
      usage: { inputTokens: 120, outputTokens: 30 },
    });
    expect(thrifty.abortedTurns).toEqual([1]);
    expect(thrifty.requests.map(isPresentation)).toEqual([false, false, true]);
    expect(onlyEvent(events, 'consensus')).toMatchObject({ stopReason: 'budget', winnerLabel: 'agent1.1' });
    expectFinalAnswer(events, {
      stopReason: 'budget',
      agentId: 'thrifty',
      label: 'agent1.final',
      content: 'Cheap answer, presented.',
    });
  });

  it('stops at the cost budget once the spent cost reaches it', async () => {
    const pricey = overspender('pricey', 'Costly answer', { inputTokens: 10, outputTokens: 10 });
    const events = await runWithinBudget(pricey, { maxCostUsd: 0.5 }, () => ({ tokens: 0, costUsd: 0.75 }));

    expect(pricey.abortedTurns).toEqual([1]);
    expect(onlyEvent(events, 'run-end')).toMatchObject({
      stopReason: 'budget',
      finalAnswer: 'Costly answer, presented.',
    });
  });

  it('keeps the answer submitted by the very call that uses up the budget, and presents it', async () => {
    const pricey = createScriptedAgent({
      id: 'pricey',
      turns: [
        textTurn<AgentStreamPart>('', newAnswerCall('Costly answer'), {
          type: 'usage',
          usage: { inputTokens: 10, outputTokens: 10 },
        }),
        textTurn('Costly answer, presented.'),
      ],
    });
    const events = await runWithinBudget(pricey, { maxCostUsd: 0.5 }, () => ({ tokens: 0, costUsd: 0.75 }));

    expect(onlyEvent(events, 'answer')).toMatchObject({ agentId: 'pricey', label: 'agent1.1' });
    expect(onlyEvent(events, 'run-end')).toMatchObject({
      stopReason: 'budget',
      finalAnswer: 'Costly answer, presented.',
    });
  });

  it('announces round k before the first turn of round k: the run is in the highest round any agent reached', async () => {
    const bobAnswered = createDeferred();
    // Bob runs a round ahead: his second turn starts while alice is still on her first.
    const alice = scriptedVoter('alice', {
      first: [waitFor(bobAnswered.promise), ...answerTurn('A')],
      then: voteTurn('agent1', 'mine'),
    });
    const bob = answerThenVote('bob', 'B');
    const events = await runVote(
      { agents: [alice, bob], settings: { maxRounds: 3, interrupt_stale_turns: false, timeoutMs: safetyTimeoutMs } },
      (event) => {
        if (event.type === 'answer' && event.agentId === 'bob') bobAnswered.resolve();
      },
    );

    let round = 0;
    for (const event of events) {
      if (event.type === 'round') {
        expect(event.round).toBe(round + 1);
        round = event.round;
      }
      if (event.type === 'agent-start' || event.type === 'answer' || event.type === 'vote') {
        expect(event.round).toBeLessThanOrEqual(round);
      }
    }
    const starts = eventsOfType(events, 'agent-start');
    expect(round).toBe(Math.max(...starts.map((start) => start.round)));
    // Round 2 began with bob's second turn, before alice had begun hers.
    const roundTwo = events.findIndex((event) => event.type === 'round' && event.round === 2);
    const bobSecond = events.findIndex(
      (event) => event.type === 'agent-start' && event.agentId === 'bob' && event.round === 2,
    );
    const aliceSecond = events.findIndex(
      (event) => event.type === 'agent-start' && event.agentId === 'alice' && event.round === 2,
    );
    expect(roundTwo).toBe(bobSecond - 1);
    expect(aliceSecond === -1 || aliceSecond > bobSecond).toBe(true);
  });

  it('lets a single agent improve its own answer up to max_rounds, then presents', async () => {
    const improver = createScriptedAgent({
      id: 'improver',
      turns: (request, index) =>
        isPresentation(request)
          ? textTurn('Best version, presented.')
          : textTurn(
              '',
              newAnswerCall(['Draft.', 'Better draft with detail.', 'Final polished version.'][index] as string),
            ),
    });
    const events = await runVote({ agents: [improver], settings: { maxRounds: 3 } });

    expect(eventsOfType(events, 'answer').map((event) => [event.label, event.round])).toEqual([
      ['agent1.1', 1],
      ['agent1.2', 2],
      ['agent1.3', 3],
    ]);
    // Each turn sees its own latest answer to improve on.
    expect(promptText(improver.requests[2])).toContain('Better draft with detail.');
    expect(onlyEvent(events, 'consensus')).toMatchObject({ stopReason: 'max-rounds', winnerLabel: 'agent1.3' });
    expect(onlyEvent(events, 'run-end')).toMatchObject({
      stopReason: 'max-rounds',
      finalAnswer: 'Best version, presented.',
    });
  });
});
