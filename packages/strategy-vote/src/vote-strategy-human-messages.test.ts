import type { CoordinationEvent, TurnRequest } from '@massgen/core';
import { answerTurn, createDeferred, hang, notify, textTurn, voteTurn, waitFor } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { eventsOfType, onlyEvent, promptText } from '@massgen/testing/strategy';
import { expectOnlyEvent } from '@massgen/testing/vitest';
import { createMessageChannel } from './test-message-channel.js';
import { isPresentation } from './test-requests.js';
import { runVote } from './test-context.js';
import { scriptedVoter } from './test-agents.js';

const message = 'Please give the answer in metric units.';

/** The coordination requests an agent made, in order (its presentation left out). */
function coordinationRequests(agent: ScriptedAgent): TurnRequest[] {
  return agent.requests.filter((request) => !isPresentation(request));
}

/** The events after the first one `matches` picks. */
function eventsAfter(events: readonly CoordinationEvent[], matches: (event: CoordinationEvent) => boolean) {
  return events.slice(events.findIndex(matches) + 1);
}

describe('vote strategy: messages from the person', () => {
  it('stops every running turn for a message to all, and each agent’s next request carries it', async () => {
    const channel = createMessageChannel();
    const started = new Set<string>();
    const worker = (id: string) =>
      scriptedVoter(id, {
        first: [
          notify(() => {
            started.add(id);
            if (started.size === 2) channel.send({ text: message });
          }),
          hang(),
        ],
        second: answerTurn(`${id}: 20 °C`),
        then: voteTurn('agent1', 'metric, as asked'),
      });
    const alice = worker('alice');
    const bob = worker('bob');
    const events = await runVote({ agents: [alice, bob], humanMessages: channel });

    expectOnlyEvent(events, 'human-message', { text: message });
    const restarts = eventsOfType(
      eventsAfter(events, (event) => event.type === 'human-message'),
      'restart',
    );
    // Later restarts are the usual ones, for the answers the agents then give.
    expect(restarts.slice(0, 2).map((event) => [event.agentId, event.reason])).toEqual([
      ['alice', 'a message from the person came while it worked'],
      ['bob', 'a message from the person came while it worked'],
    ]);
    for (const agent of [alice, bob]) {
      const [first, second] = coordinationRequests(agent);
      expect(promptText(first)).not.toContain(message);
      expect(promptText(second)).toContain(message);
    }
    // The restarted turn continues its round: the message does not use up one of max_rounds.
    expect(eventsOfType(events, 'agent-start').filter((event) => event.round === 1)).toHaveLength(4);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus' });
    // The presenter is reminded of the message as well.
    expect(promptText(alice.requests.find(isPresentation))).toContain(message);
  });

  it('makes only the addressed agent’s vote out of date: it votes again, the others’ votes stand', async () => {
    const channel = createMessageChannel();
    const carolMayVote = createDeferred();
    const valid = new Set<string>();
    let answers = 0;
    let sent = false;
    const onEvent = (event: CoordinationEvent): void => {
      if (event.type === 'answer') {
        answers += 1;
        valid.clear();
      }
      if (event.type === 'vote' && event.stale !== true) valid.add(event.agentId);
      if (!sent && answers === 3 && valid.has('alice') && valid.has('bob')) {
        sent = true;
        channel.send({ text: message, to: ['bob'] });
      }
      if (event.type === 'human-message') carolMayVote.resolve();
    };
    const member = (id: string) => {
      const vote = voteTurn('agent1', 'alice is right');
      return scriptedVoter(id, {
        first: answerTurn(`${id}'s answer`),
        then: id === 'carol' ? [waitFor(carolMayVote.promise), ...vote] : vote,
      });
    };
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map(member) as [ScriptedAgent, ScriptedAgent, ScriptedAgent];
    const events = await runVote({ agents: [alice, bob, carol], humanMessages: channel }, onEvent);

    expectOnlyEvent(events, 'human-message', {
      text: message,
      to: ['bob'],
      outdatedVotes: ['bob'],
    });
    const after = eventsAfter(events, (event) => event.type === 'human-message');
    expect(eventsOfType(after, 'agent-start').map((event) => event.agentId)).toEqual(['bob']);
    expect(onlyEvent(after, 'restart')).toMatchObject({
      agentId: 'bob',
      reason: 'a message from the person made its vote out of date',
    });
    expect(promptText(coordinationRequests(bob).at(-1))).toContain(message);
    for (const agent of [alice, carol]) {
      for (const request of agent.requests) expect(promptText(request)).not.toContain(message);
    }
    // alice's vote, cast before the message, still counts toward the consensus.
    const consensus = onlyEvent(events, 'consensus');
    expect(consensus.stopReason).toBe('consensus');
    expect(consensus.tally.find((entry) => entry.agentId === 'alice')?.votes).toBe(3);
  });

  it('does not count a vote from a turn that began before a message to its agent (interrupt_stale_turns off)', async () => {
    const channel = createMessageChannel();
    const messageSent = createDeferred();
    const alice = scriptedVoter('alice', {
      first: answerTurn('20 °C'),
      second: [
        notify(() => {
          channel.send({ text: message, to: ['alice'] });
          messageSent.resolve();
        }),
        waitFor(messageSent.promise),
        ...voteTurn('agent1', 'mine'),
      ],
      then: voteTurn('agent1', 'mine, and it is metric'),
    });
    const bob = scriptedVoter('bob', {
      first: [waitFor(messageSent.promise), ...answerTurn('68 °F')],
      then: voteTurn('agent1', 'alice is right'),
    });
    const events = await runVote({
      agents: [alice, bob],
      humanMessages: channel,
      settings: { interrupt_stale_turns: false },
    });

    const aliceVotes = eventsOfType(events, 'vote').filter((vote) => vote.agentId === 'alice');
    expect(aliceVotes[0]).toMatchObject({ reason: 'mine', stale: true });
    expect(aliceVotes.at(-1)).toMatchObject({ reason: 'mine, and it is metric' });
    expect(aliceVotes.at(-1)?.stale).toBeUndefined();
    expect(
      eventsOfType(events, 'restart').some(
        (event) => event.agentId === 'alice' && event.reason.includes("before the person's message arrived"),
      ),
    ).toBe(true);
    expect(promptText(coordinationRequests(alice).at(-1))).toContain(message);
    for (const request of bob.requests) expect(promptText(request)).not.toContain(message);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', stopReason: 'consensus' });
  });

  it('records a message that comes during the presentation as late, and says nobody saw it', async () => {
    const channel = createMessageChannel();
    const sent = createDeferred();
    const alice = scriptedVoter('alice', {
      first: answerTurn('A1'),
      then: voteTurn('agent1', 'mine'),
      presents: [
        notify(() => {
          channel.send({ text: message });
          sent.resolve();
        }),
        waitFor(sent.promise),
        ...textTurn('The final answer.'),
      ],
    });
    const events = await runVote({ agents: [alice], humanMessages: channel });

    expectOnlyEvent(events, 'human-message', { text: message, late: true });
    expect(eventsOfType(events, 'warning').map((event) => event.warning.code)).toContain('message-too-late');
    expect(events.at(-1)).toMatchObject({ type: 'run-end', finalAnswer: 'The final answer.' });
  });

  it('warns about a message for an agent the run does not have, and delivers nothing', async () => {
    const channel = createMessageChannel();
    const alice = scriptedVoter('alice', {
      first: [notify(() => channel.send({ text: message, to: ['zoe'] })), ...answerTurn('A1')],
      then: voteTurn('agent1', 'mine'),
    });
    const events = await runVote({ agents: [alice], humanMessages: channel });

    expect(eventsOfType(events, 'human-message')).toEqual([]);
    const warning = eventsOfType(events, 'warning').find((event) => event.warning.code === 'message-not-delivered');
    expect(warning?.warning.message).toContain('zoe');
    for (const request of alice.requests) expect(promptText(request)).not.toContain(message);
  });
});
