import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { findRunRecord, listRunRecords } from './run-records.js';

const scratch = useTemporaryDirectory('run-records');

function writeRun(runId: string, status: string | undefined): void {
  mkdirSync(path.join(scratch.path, runId));
  if (status !== undefined) writeFileSync(path.join(scratch.path, runId, 'status.json'), status);
}

const status = JSON.stringify({
  runId: 'x',
  state: 'finished',
  task: 'q',
  strategy: 'vote',
  startedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:01.000Z',
  round: 1,
  agents: {},
  answers: [],
});

describe('run records', () => {
  it('lists runs oldest first and says which status could not be read', () => {
    writeRun('2026-01-02T00-00-00-000Z-bbbbbb', status);
    writeRun('2026-01-01T00-00-00-000Z-aaaaaa', '{ not json');
    writeRun('2026-01-03T00-00-00-000Z-cccccc', undefined);
    const records = listRunRecords(scratch.path);
    expect(records.map((record) => [record.runId.slice(-6), record.problem])).toEqual([
      ['aaaaaa', 'status.json is not valid JSON'],
      ['bbbbbb', undefined],
      ['cccccc', 'no status.json'],
    ]);
    expect(records[1]?.status?.recordDirectory).toBe(path.join(scratch.path, '2026-01-02T00-00-00-000Z-bbbbbb'));
  });

  it('has no runs where nothing was recorded', () => {
    expect(listRunRecords(path.join(scratch.path, 'missing'))).toEqual([]);
  });

  it('finds latest, a full id, or a unique prefix', () => {
    writeRun('2026-01-01T00-00-00-000Z-aaaaaa', status);
    writeRun('2026-01-02T00-00-00-000Z-bbbbbb', status);
    const records = listRunRecords(scratch.path);
    expect(findRunRecord(records, 'latest').runId).toBe('2026-01-02T00-00-00-000Z-bbbbbb');
    expect(findRunRecord(records, '2026-01-01T00-00-00-000Z-aaaaaa').runId).toBe('2026-01-01T00-00-00-000Z-aaaaaa');
    expect(findRunRecord(records, '2026-01-01').runId).toBe('2026-01-01T00-00-00-000Z-aaaaaa');
  });

  it('names the runs an ambiguous prefix matches', () => {
    writeRun('2026-01-01T00-00-00-000Z-aaaaaa', status);
    writeRun('2026-01-01T09-00-00-000Z-bbbbbb', status);
    expect(() => findRunRecord(listRunRecords(scratch.path), '2026-01-01')).toThrow(
      /"2026-01-01" is ambiguous: 2 run ids start with it \(2026-01-01T00-00-00-000Z-aaaaaa, 2026-01-01T09-00-00-000Z-bbbbbb\)/,
    );
  });

  it('says when nothing is recorded', () => {
    expect(() => findRunRecord([], 'latest')).toThrow(/No runs are recorded here yet/);
  });
});
