import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchResult } from './batch-result.js';
import { ResultsFile } from './results-file.js';

let directory: string;
let file: string;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-results-'));
  file = path.join(directory, 'results.jsonl');
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function result(id: string, config: string, status: BatchResult['status'] = 'done'): BatchResult {
  return {
    id,
    config,
    status,
    question: `question ${id}`,
    ...(status === 'done' ? { answer: `answer ${id}` } : {}),
    stopReason: status === 'done' ? 'consensus' : 'error',
    tokens: { input: 10, output: 5, total: 15 },
    costUsd: 0.001,
    durationMs: 100,
    finishedAt: new Date(0).toISOString(),
  };
}

describe('ResultsFile', () => {
  it('appends one line per result and reads them back by question and configuration', () => {
    const results = ResultsFile.open(file);
    results.append(result('1', 'team'));
    results.append(result('1', 'single'));
    results.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(2);
    const reopened = ResultsFile.open(file);
    expect(reopened.has('1', 'team')).toBe(true);
    expect(reopened.has('1', 'single')).toBe(true);
    expect(reopened.has('2', 'team')).toBe(false);
    reopened.close();
  });

  it('keeps the last line of a question and configuration (a retried failure supersedes the failure)', () => {
    const results = ResultsFile.open(file);
    results.append(result('1', 'team', 'failed'));
    results.append(result('1', 'team', 'done'));
    results.close();
    const reopened = ResultsFile.open(file);
    expect(reopened.get('1', 'team')?.status).toBe('done');
    expect(reopened.all()).toHaveLength(1);
    reopened.close();
  });

  it('drops a line cut short by a crash, so the next result starts on a line of its own', () => {
    writeFileSync(file, `${JSON.stringify(result('1', 'team'))}\n`);
    appendFileSync(file, JSON.stringify(result('2', 'team')).slice(0, 40));
    const results = ResultsFile.open(file);
    expect(results.repairedTail).toHaveLength(40);
    expect(results.has('2', 'team')).toBe(false);
    results.append(result('3', 'team'));
    results.close();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as BatchResult).id)).toEqual(['1', '3']);
  });

  it('refuses a file that is not a results file, naming the line', () => {
    writeFileSync(file, `${JSON.stringify(result('1', 'team'))}\nhello\n`);
    expect(() => ResultsFile.open(file)).toThrow(`${file} line 2 is not a batch result`);
  });
});
