import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import type { RunStatus } from '@massgen/run-state';

/** A run's status as `status.json` holds it: the record adds where it lives. */
export type RecordedStatus = RunStatus & { recordDirectory?: string };

/** One run directory under `.massgen/runs`, with its status when it could be read. */
export interface RunRecordEntry {
  runId: string;
  directory: string;
  status?: RecordedStatus;
  /** Why the status could not be read (missing, or not the JSON a run writes). */
  problem?: string;
}

export function runsRoot(cwd: string): string {
  return path.join(cwd, '.massgen', 'runs');
}

/** Every recorded run, oldest first: run ids start with their start time, so they sort by it. */
export function listRunRecords(root: string): RunRecordEntry[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((runId) => readRunRecord(root, runId));
}

/** One run's directory and status; a missing or malformed status is described, not thrown. */
export function readRunRecord(root: string, runId: string): RunRecordEntry {
  const directory = path.join(root, runId);
  const file = path.join(directory, 'status.json');
  if (!existsSync(file)) return { runId, directory, problem: 'no status.json' };
  try {
    const status = JSON.parse(readFileSync(file, 'utf8')) as RecordedStatus;
    if (
      typeof status !== 'object' ||
      status === null ||
      typeof status.agents !== 'object' ||
      typeof status.startedAt !== 'string'
    ) {
      return { runId, directory, problem: 'status.json is not a run status' };
    }
    return { runId, directory, status: { ...status, recordDirectory: directory } };
  } catch {
    return { runId, directory, problem: 'status.json is not valid JSON' };
  }
}

/**
 * Finds a run by `latest`, its full id, or a prefix of its id that only one run has; an
 * unknown or ambiguous reference is an error that says what would have matched.
 */
export function findRunRecord(records: readonly RunRecordEntry[], reference: string): RunRecordEntry {
  if (records.length === 0)
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: 'No runs are recorded here yet (.massgen/runs is empty or missing).',
    });
  if (reference === 'latest') return records[records.length - 1]!;
  const exact = records.find((record) => record.runId === reference);
  if (exact !== undefined) return exact;
  const matches = records.filter((record) => record.runId.startsWith(reference));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Run "${reference}" is ambiguous: ${matches.length} run ids start with it (${matches
        .slice(0, 5)
        .map((record) => record.runId)
        .join(', ')}${matches.length > 5 ? ', ...' : ''}). Give more of the id.`,
    });
  }
  throw new MassGenError({
    code: 'CONFIG_INVALID',
    message: `No run "${reference}" is recorded here. Expected "latest", a run id, or the start of one; massgen logs lists them.`,
  });
}
