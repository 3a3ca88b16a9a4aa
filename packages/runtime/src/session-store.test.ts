import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { SessionStore, createSessionId, isValidSessionId } from './session-store.js';

const scratch = useTemporaryDirectory('sessions');
afterEach(() => {
  vi.useRealTimers();
});

describe('SessionStore', () => {
  it('keeps questions, answers and run ids across store instances, latest end winning', () => {
    const session = new SessionStore(scratch.path).create({ team: { config: '/x/team.yaml' } });
    session.recordStart({ runId: 'run-1', question: 'first?' });
    session.recordEnd({ runId: 'run-1', stopReason: 'cancelled', tokens: 10 });
    session.recordEnd({ runId: 'run-1', stopReason: 'consensus', finalAnswer: 'One.', tokens: 30, costUsd: 0.01 });
    session.recordStart({ runId: 'run-2', question: 'second?' });

    const again = new SessionStore(scratch.path).find(session.id);
    expect(again?.info.team).toEqual({ config: '/x/team.yaml' });
    expect(again?.turns()).toMatchObject([
      { runId: 'run-1', question: 'first?', stopReason: 'consensus', finalAnswer: 'One.', tokens: 30, costUsd: 0.01 },
      { runId: 'run-2', question: 'second?', tokens: 0 },
    ]);
    expect(again?.turns()[1]?.stopReason).toBeUndefined();
    expect(again?.summary()).toMatchObject({ firstQuestion: 'first?', turns: 2, tokens: 30, costUsd: 0.01 });
  });

  it('reads a turns file whose last line was cut short by a killed process', () => {
    const session = new SessionStore(scratch.path).create();
    session.recordStart({ runId: 'run-1', question: 'q' });
    appendFileSync(path.join(session.directory, 'turns.jsonl'), '{"event":"ended","runId":"run-1","sto');
    expect(session.turns()).toMatchObject([{ runId: 'run-1', question: 'q' }]);
  });

  it('finds sessions by id, unique prefix and run, and lists them least recently used first', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1));
    const store = new SessionStore(scratch.path);
    const second = store.create({ id: 'alpha-two' });
    vi.setSystemTime(Date.UTC(2026, 0, 2));
    const first = store.create({ id: 'alpha-one' });
    vi.setSystemTime(Date.UTC(2026, 0, 3));
    second.recordStart({ runId: 'run-9', question: 'q' });
    expect(second.summary().lastUsedAt).toBe('2026-01-03T00:00:00.000Z');
    expect(store.find('alpha-o')?.id).toBe('alpha-one');
    expect(() => store.find('alpha')).toThrow(/ambiguous/);
    expect(store.find('beta')).toBeUndefined();
    expect(store.findByRun('run-9')?.id).toBe('alpha-two');
    expect(store.list().map((session) => session.id)).toEqual([first.id, second.id]);
    expect(store.latest()?.id).toBe('alpha-two');
  });

  it('refuses ids that are not one safe path segment', () => {
    const store = new SessionStore(scratch.path);
    for (const id of ['..', '../escape', 'a/b', '.hidden', '', 'x'.repeat(129)]) {
      expect(isValidSessionId(id)).toBe(false);
      expect(() => store.create({ id })).toThrow(/is not a session id/);
    }
  });

  it('makes ids that sort by creation time', () => {
    const id = createSessionId(Date.UTC(2026, 11, 1, 21, 55, 0), () => 0.5);
    expect(id).toBe('20261201-215500-7fff');
    expect(isValidSessionId(id)).toBe(true);
  });
});
