import type { AgentStreamPart, TurnRequest } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { createScriptedAgent } from './scripted-agent.js';
import { collectParts } from './stream-parts.js';
import { errorPart, hang, newAnswerCall, notify, textTurn, voteCall, waitFor } from './scripted-agent-builders.js';
import { createDeferred } from './scripted-backend-deferred.js';

const request = (text: string): TurnRequest => ({ messages: [{ role: 'user', content: text }], workflowTools: [] });

describe('createScriptedAgent', () => {
  it('plays its turns in order and records every request', async () => {
    const agent = createScriptedAgent({
      id: 'a1',
      turns: [textTurn('first', newAnswerCall('A')), textTurn('', voteCall('agent1', 'best', 0.5))],
    });
    const first = await collectParts(agent.turn(request('one')));
    const second = await collectParts(agent.turn(request('two')));

    expect(first.map((part) => part.type)).toEqual(['text-delta', 'tool-call', 'finish']);
    expect(first[1]).toMatchObject({ name: 'new_answer', input: JSON.stringify({ content: 'A' }) });
    expect(second[0]).toMatchObject({
      name: 'vote',
      input: JSON.stringify({ agent_id: 'agent1', reason: 'best', confidence: 0.5 }),
    });
    expect(second[1]).toEqual({ type: 'finish', reason: 'tool-calls' });
    expect(agent.requests.map((each) => each.messages[0]?.content)).toEqual(['one', 'two']);
    expect(agent).toMatchObject({ id: 'a1', provider: 'scripted', modelId: 'scripted-model', tools: [] });
  });

  it('records a request when the turn is asked for, before anyone reads the stream', () => {
    const agent = createScriptedAgent({ id: 'a1', turns: [[]] });
    agent.turn(request('early'));
    expect(agent.requests).toHaveLength(1);
  });

  it('chooses turns with a function given the request and its index', async () => {
    const agent = createScriptedAgent({
      id: 'a1',
      turns: async (turnRequest, index) => textTurn(`${index}:${turnRequest.messages[0]?.content as string}`),
    });
    const parts = await collectParts(agent.turn(request('hello')));
    expect(parts[0]).toEqual({ type: 'text-delta', text: '0:hello' });
  });

  it('holds at a wait gate until the gate opens, and notifies when a point is reached', async () => {
    const gate = createDeferred();
    const reached = createDeferred();
    const agent = createScriptedAgent({
      id: 'a1',
      turns: [[notify(() => reached.resolve()), waitFor(gate.promise), ...textTurn('after')]],
    });
    const seen: AgentStreamPart[] = [];
    const reading = (async () => {
      for await (const part of agent.turn(request('x'))) seen.push(part);
    })();
    await reached.promise;
    expect(seen).toEqual([]);
    gate.resolve();
    await reading;
    expect(seen.map((part) => part.type)).toEqual(['text-delta', 'finish']);
  });

  it('ends with an ABORTED error part when its signal is aborted while waiting', async () => {
    const controller = new AbortController();
    const reached = createDeferred();
    const agent = createScriptedAgent({
      id: 'a1',
      turns: [
        [{ type: 'text-delta', text: 'partial' }, notify(() => reached.resolve()), hang(), newAnswerCall('never')],
      ],
    });
    const reading = collectParts(agent.turn(request('x'), { signal: controller.signal }));
    await reached.promise;
    controller.abort();
    const parts = await reading;
    expect(parts.map((part) => part.type)).toEqual(['text-delta', 'error']);
    expect(parts[1]).toMatchObject({ error: { code: 'ABORTED' } });
    expect(agent.abortedTurns).toEqual([0]);
  });

  it('stops before the first part when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const agent = createScriptedAgent({ id: 'a1', turns: [textTurn('never')] });
    const parts = await collectParts(agent.turn(request('x'), { signal: controller.signal }));
    expect(parts).toEqual([
      expect.objectContaining({ type: 'error', error: expect.objectContaining({ code: 'ABORTED' }) }),
    ]);
  });

  it('turns a rejected gate into an error part', async () => {
    const gate = createDeferred();
    gate.reject(new Error('gate failed'));
    const agent = createScriptedAgent({ id: 'a1', turns: [[waitFor(gate.promise), ...textTurn('never')]] });
    const parts = await collectParts(agent.turn(request('x')));
    expect(parts).toEqual([
      { type: 'error', error: expect.objectContaining({ code: 'INTERNAL', message: 'gate failed' }) },
    ]);
  });

  it('answers a turn beyond its script with an error part naming the agent', async () => {
    const agent = createScriptedAgent({ id: 'lonely', turns: [textTurn('only')] });
    await collectParts(agent.turn(request('1')));
    const parts = await collectParts(agent.turn(request('2')));
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ type: 'error', error: { code: 'INTERNAL', retryable: false } });
    expect(JSON.stringify(parts[0])).toContain('scripted agent \\"lonely\\" was asked for turn 2');
  });

  it('ends a text turn with the error part instead of a finish', () => {
    const turn = textTurn('x', errorPart({ code: 'BACKEND_AUTH', message: 'bad key', retryable: false }));
    expect(turn.map((step) => step.type)).toEqual(['text-delta', 'error']);
  });
});
