import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import type { RunEvent } from '@massgen/core';
import { RunRecord, eventsFlushMs, statusIntervalMs } from './run-record.js';

const scratch = useTemporaryDirectory('record');
let seq = 0;

beforeEach(() => {
  seq = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

function event(body: Record<string, unknown>): RunEvent {
  seq += 1;
  return { ...body, runId: 'run-1', seq, time: Date.now() } as RunEvent;
}

const status = () =>
  JSON.parse(readFileSync(path.join(scratch.path, 'status.json'), 'utf8')) as {
    state: string;
    round: number;
    agents: Record<string, { state: string }>;
  };
const events = () => readFileSync(path.join(scratch.path, 'events.jsonl'), 'utf8').trim().split('\n');

describe('RunRecord', () => {
  it('writes every milestone to events.jsonl at once, and status.json at most once per interval', async () => {
    const record = new RunRecord(scratch.path, 'run-1', Date.now());
    await vi.advanceTimersByTimeAsync(statusIntervalMs);
    record.write(
      event({ type: 'run-start', task: 'q', strategy: 'vote', agents: [{ id: 'a', provider: 'p', modelId: 'm' }] }),
    );
    expect(status().agents['a']).toMatchObject({ state: 'waiting' });
    record.write(event({ type: 'round', round: 1 }));
    record.write(event({ type: 'agent-start', agentId: 'a', round: 1, attempt: 1, reason: 'initial' }));
    expect(events()).toHaveLength(3);
    expect(status().round).toBe(0);
    await vi.advanceTimersByTimeAsync(statusIntervalMs - 1);
    expect(status().round).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(status()).toMatchObject({ round: 1, agents: { a: { state: 'working' } } });
    record.close();
  });

  it('writes streamed deltas within a short interval, so another process can follow the run', async () => {
    const record = new RunRecord(scratch.path, 'run-1', Date.now());
    record.write(
      event({ type: 'run-start', task: 'q', strategy: 'vote', agents: [{ id: 'a', provider: 'p', modelId: 'm' }] }),
    );
    record.write(event({ type: 'agent-delta', agentId: 'a', kind: 'text', text: 'Fo' }));
    record.write(event({ type: 'agent-delta', agentId: 'a', kind: 'text', text: 'ur' }));
    expect(events()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(eventsFlushMs);
    expect(events()).toHaveLength(3);
    record.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('writes the end of the run at once, and a closed record no more', async () => {
    const record = new RunRecord(scratch.path, 'run-1', Date.now());
    record.write(
      event({ type: 'run-start', task: 'q', strategy: 'vote', agents: [{ id: 'a', provider: 'p', modelId: 'm' }] }),
    );
    record.write(event({ type: 'run-end', stopReason: 'cancelled' }));
    expect(status()).toMatchObject({ state: 'finished' });
    record.close();
    await vi.advanceTimersByTimeAsync(statusIntervalMs);
    expect(status()).toMatchObject({ state: 'finished' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('writes the latest status when closed before the interval is over', () => {
    const record = new RunRecord(scratch.path, 'run-1', Date.now());
    record.write(
      event({ type: 'run-start', task: 'q', strategy: 'vote', agents: [{ id: 'a', provider: 'p', modelId: 'm' }] }),
    );
    record.write(event({ type: 'agent-start', agentId: 'a', round: 1, attempt: 1, reason: 'initial' }));
    record.close();
    expect(status().agents['a']).toMatchObject({ state: 'working' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
