import type { RunEvent } from '@massgen/core';

type DeltaEvent = Extract<RunEvent, { type: 'agent-delta' | 'final-delta' }>;

/**
 * Collects run events between two hand-overs to the display, joining each agent's streamed
 * deltas: thousands of small deltas become one per agent and kind per batch, which is all the
 * display needs and much less to copy between threads. A delta joins the agent's previous one
 * only when no other event of that agent came in between, so each agent's story keeps its order.
 */
export class EventBatch {
  private events: RunEvent[] = [];
  /** Where each agent's latest delta sits in `events`, while it may still be extended. */
  private openDeltas = new Map<string, number>();

  push(event: RunEvent): void {
    if (event.type !== 'agent-delta' && event.type !== 'final-delta') {
      if ('agentId' in event) this.closeDeltas(event.agentId);
      this.events.push(event);
      return;
    }
    const key = `${event.agentId}\u0000${deltaKind(event)}`;
    const index = this.openDeltas.get(key);
    const open = index === undefined ? undefined : this.events[index];
    if (index !== undefined && open !== undefined && open.type === event.type) {
      this.events[index] = {
        ...open,
        text: open.text + event.text,
        seq: event.seq,
        time: event.time,
      };
      return;
    }
    // Another kind of output from the same agent ends its open deltas of other kinds.
    this.closeDeltas(event.agentId);
    this.openDeltas.set(key, this.events.length);
    this.events.push(event);
  }

  private closeDeltas(agentId: string): void {
    for (const key of [...this.openDeltas.keys()]) if (key.startsWith(`${agentId}\u0000`)) this.openDeltas.delete(key);
  }

  get size(): number {
    return this.events.length;
  }

  /** The batch so far, emptying it. */
  take(): RunEvent[] {
    const events = this.events;
    this.events = [];
    this.openDeltas = new Map();
    return events;
  }
}

function deltaKind(event: DeltaEvent): string {
  return event.type === 'agent-delta' ? event.kind : 'final';
}
