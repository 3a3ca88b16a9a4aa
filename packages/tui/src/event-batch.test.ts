import { describe, expect, it } from 'vitest';
import type { CoordinationEvent } from '@massgen/core';
import { EventBatch } from './event-batch.js';
import { displayStateOf, runStart, stampEvents } from '@massgen/run-state/testing';
import { initialDisplayState, reduceDisplayState } from '@massgen/run-state';

function batchOf(events: CoordinationEvent[]) {
  const batch = new EventBatch();
  for (const event of stampEvents(events)) batch.push(event);
  return batch;
}

const start = runStart(['a', 'b'], 'q');

describe('EventBatch', () => {
  it("joins each agent's deltas across other agents' events", () => {
    const batch = batchOf([
      { type: 'agent-delta', agentId: 'a', kind: 'text', text: 'Fo' },
      { type: 'agent-delta', agentId: 'b', kind: 'text', text: 'Th' },
      { type: 'agent-delta', agentId: 'a', kind: 'text', text: 'ur' },
      { type: 'agent-delta', agentId: 'b', kind: 'text', text: 'ree' },
    ]);
    expect(
      batch.take().map((event) => (event.type === 'agent-delta' ? [event.agentId, event.text, event.seq] : event.type)),
    ).toEqual([
      ['a', 'Four', 2],
      ['b', 'Three', 3],
    ]);
    expect(batch.size).toBe(0);
  });

  it('keeps an agent’s deltas apart when another of its events came between', () => {
    const batch = batchOf([
      { type: 'agent-delta', agentId: 'a', kind: 'text', text: 'one' },
      { type: 'tool-call', agentId: 'a', callId: 'c', name: 'search', input: '{}' },
      { type: 'agent-delta', agentId: 'a', kind: 'text', text: 'two' },
      { type: 'agent-delta', agentId: 'a', kind: 'reasoning', text: 'hmm' },
      { type: 'agent-delta', agentId: 'a', kind: 'text', text: 'three' },
    ]);
    expect(
      batch.take().map((event) => (event.type === 'agent-delta' ? `${event.kind}:${event.text}` : event.type)),
    ).toEqual(['text:one', 'tool-call', 'text:two', 'reasoning:hmm', 'text:three']);
  });

  it('leaves the display state as the events one by one would', () => {
    const events: CoordinationEvent[] = [
      start,
      { type: 'agent-start', agentId: 'a', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-start', agentId: 'b', round: 1, attempt: 1, reason: 'initial' },
      { type: 'agent-delta', agentId: 'a', kind: 'reasoning', text: 'Let me ' },
      { type: 'agent-delta', agentId: 'b', kind: 'text', text: 'It is ' },
      { type: 'agent-delta', agentId: 'a', kind: 'reasoning', text: 'think.' },
      { type: 'agent-delta', agentId: 'a', kind: 'text', text: 'Four' },
      { type: 'agent-delta', agentId: 'b', kind: 'text', text: '4.' },
      { type: 'answer', agentId: 'a', label: 'A1.1', content: 'Four', round: 1 },
      { type: 'final-delta', agentId: 'a', text: 'The answer ' },
      { type: 'final-delta', agentId: 'a', text: 'is 4.' },
    ];
    const oneByOne = displayStateOf(events);
    const batched = batchOf(events).take().reduce(reduceDisplayState, initialDisplayState());
    expect(batched.outputs).toEqual(oneByOne.outputs);
    expect(batched.finalText).toBe(oneByOne.finalText);
    expect(batched.timeline).toEqual(oneByOne.timeline);
  });
});
