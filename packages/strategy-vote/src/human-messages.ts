import type { CoordinationEvent, HumanMessage, StrategyContext } from '@massgen/core';
import type { AgentRecord, CoordinationState } from './coordination-state.js';
import { quoteBlock, wrapBlock } from './quoted-data.js';

/** A person's message, through the coordination's one queue. */
export type MessageInput = { kind: 'message'; message: HumanMessage };

/** A message the coordination has taken in; `sequence` counts from 1 in the order they came. */
export interface TakenMessage {
  text: string;
  /** The agents it is for; every agent when absent. */
  to?: readonly string[];
  sequence: number;
}

/** Turns the person's messages into queue inputs; returns the function that stops listening. */
export function watchHumanMessages(
  context: Pick<StrategyContext, 'humanMessages'>,
  push: (input: MessageInput) => void,
): () => void {
  return context.humanMessages?.listen((message) => push({ kind: 'message', message })) ?? (() => {});
}

export function isAddressedTo(message: Pick<TakenMessage, 'to'>, agentId: string): boolean {
  return message.to === undefined || message.to.includes(agentId);
}

/** Whether a message for `agent` came after a turn built when `messageVersion` messages had come. */
export function hasMessagesAfter(state: CoordinationState, agent: AgentRecord, messageVersion: number): boolean {
  return state.messages.some((message) => message.sequence > messageVersion && isAddressedTo(message, agent.id));
}

/**
 * Takes in a message: the agents it is for see it from their next turn on, and it counts as new
 * information for them, as a new answer does. A turn of theirs that is running is stopped and
 * started again with it (unless `interrupt_stale_turns` is off, or the turn has already submitted
 * an answer, which stands); a vote of theirs is out of date, and they vote again. Agents it is
 * not for go on as they were: their votes stand. Names that are not agents of the run are left
 * out; a message for none of them is not taken, and the warning says so.
 */
export function takeMessage(
  state: CoordinationState,
  message: HumanMessage,
  options: { interruptTurns: boolean },
): CoordinationEvent[] {
  const known = message.to?.filter((agentId) => state.agentById(agentId) !== undefined);
  if (known !== undefined && known.length === 0) {
    return [
      {
        type: 'warning',
        warning: {
          code: 'message-not-delivered',
          message: `A message for ${message.to?.join(', ') || 'no agent'} was not delivered: the run has no such agent (its agents: ${state.agents.map((agent) => agent.id).join(', ')}).`,
        },
      },
    ];
  }
  const taken: TakenMessage = {
    text: message.text,
    ...(known === undefined ? {} : { to: [...new Set(known)] }),
    sequence: state.messages.length + 1,
  };
  state.messages.push(taken);
  const outdatedVotes: string[] = [];
  for (const agent of state.live()) {
    if (!isAddressedTo(taken, agent.id)) continue;
    if (agent.vote !== undefined) {
      agent.vote = undefined;
      outdatedVotes.push(agent.id);
      agent.pending = {
        reason: 'restart',
        attempt: 1,
        restartReason: 'a message from the person made its vote out of date',
      };
      continue;
    }
    const turn = agent.turn;
    if (turn === undefined || !options.interruptTurns || turn.hasAnswerCall) continue;
    turn.abort();
    agent.turn = undefined;
    agent.pending = {
      reason: 'restart',
      attempt: 1,
      continuesRound: true,
      restartReason: 'a message from the person came while it worked',
    };
  }
  return [
    {
      type: 'human-message',
      text: taken.text,
      ...(taken.to === undefined ? {} : { to: [...taken.to] }),
      ...(outdatedVotes.length === 0 ? {} : { outdatedVotes }),
    },
  ];
}

/** A message that came after coordination ended: recorded, and said to have reached nobody. */
export function lateMessage(message: HumanMessage): CoordinationEvent[] {
  return [
    {
      type: 'human-message',
      text: message.text,
      ...(message.to === undefined ? {} : { to: [...message.to] }),
      late: true,
    },
    {
      type: 'warning',
      warning: {
        code: 'message-too-late',
        message: 'A message from the person came after the agents had finished coordinating; no agent saw it.',
      },
    },
  ];
}

/** The messages `agentId` has been sent, for its prompts. */
export function messagesFor(state: CoordinationState, agentId: string): string[] {
  return state.messages.filter((message) => isAddressedTo(message, agentId)).map((message) => message.text);
}

/**
 * The person's messages as a prompt section. They come from the user who gave the task, so
 * unlike the agents' answers they are direction to follow.
 */
export function describeMessages(messages: readonly string[]): string | undefined {
  if (messages.length === 0) return undefined;
  return [
    'While the agents worked, the person who gave you this task sent the messages below, oldest first. They come from the user, as the task does: take them into account, and where they change or add to the task, follow them.',
    wrapBlock('person_messages', messages.map((text) => quoteBlock('person_message', text)).join('\n')),
  ].join('\n');
}
