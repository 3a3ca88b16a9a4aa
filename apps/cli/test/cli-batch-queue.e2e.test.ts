import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redisServerUnavailable, startRedisServer } from '@massgen/testing';
import type { TestRedisServer } from '@massgen/testing';
import {
  batchArgs,
  readResults,
  recordArrivals,
  useSumServerDirectory,
  waitForStderr,
  writeBatchFiles,
} from './batch-fixtures.js';
import { runCli, startCli } from './run-cli.js';
import type { StartedCli } from './run-cli.js';

const unavailable = redisServerUnavailable();
if (unavailable !== undefined) console.warn(`Skipping the queue mode tests that need Redis: ${unavailable}`);
let redis: TestRedisServer | undefined;
let workers: StartedCli[] = [];
let queueNumber = 0;

beforeAll(async () => {
  if (unavailable === undefined) redis = await startRedisServer();
});

afterAll(async () => {
  await redis?.close();
});

const setup = useSumServerDirectory('cli-queue', 20);
beforeEach(() => {
  queueNumber += 1;
});

afterEach(async () => {
  for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
  await Promise.all(workers.map((worker) => worker.done));
  workers = [];
});

function queueName(): string {
  return `test-${process.pid}-${queueNumber}`;
}

function queueOptions(): string[] {
  return ['--queue', redis?.url ?? '', '--queue-name', queueName()];
}

/** Starts a `massgen worker` and resolves once it is taking jobs. */
async function startWorker(extra: string[] = []): Promise<StartedCli> {
  const worker = startCli(
    ['worker', '--queue', redis?.url ?? '', '--queue-name', queueName(), '--lock-seconds', '2', ...extra],
    { cwd: setup.directory },
  );
  workers.push(worker);
  await waitForStderr(worker.child, /on queue .* \(Ctrl-C to stop\)/);
  return worker;
}

describe.skipIf(unavailable !== undefined)('massgen batch --queue with massgen worker processes', () => {
  it('runs 100 questions on 3 workers, one SIGKILLed midway: one result per question; a re-run enqueues nothing', async () => {
    const { questions, single, out } = writeBatchFiles(setup, 100);
    const [doomed] = await Promise.all([startWorker(), startWorker(), startWorker()]);
    const args = batchArgs(questions, single, out, '--scorer', 'numeric', ...queueOptions());
    const submitter = startCli([...args, '--no-record'], { cwd: setup.directory });

    // Kill a worker while it holds jobs: it has started at least 6 and is running some now.
    let doomedLog = '';
    doomed?.child.stderr?.on('data', (chunk: Buffer) => (doomedLog += chunk.toString()));
    await waitForStderr(doomed?.child, /(?:started\n[^]*){6}/);
    doomed?.child.kill('SIGKILL');
    const started = [...doomedLog.matchAll(/^(q\d+) × single: started$/gm)].map((match) => match[1]);
    const finished = new Set([...doomedLog.matchAll(/^(q\d+) × single: answered/gm)].map((match) => match[1]));
    const orphaned = started.filter((id) => !finished.has(id));
    expect(orphaned.length).toBeGreaterThan(0);

    const submitted = await submitter.done;
    expect(submitted.stderr).not.toMatch(/\n\s+at /);
    expect(submitted.code).toBe(0);
    expect(submitted.stderr).toContain('100 enqueued, 0 already queued');
    const results = readResults(out);
    expect(results).toHaveLength(100);
    expect(new Set(results.map((result) => result.id)).size).toBe(100);
    expect(results.every((result) => result.status === 'done')).toBe(true);
    // The jobs the killed worker held were recovered as stalled and finished by the others.
    const doomedName = `:${doomed?.child.pid}`;
    for (const id of orphaned) {
      const result = results.find((entry) => entry.id === id);
      expect(result?.worker?.endsWith(doomedName)).toBe(false);
    }
    expect(new Set(results.map((result) => result.worker)).size).toBeGreaterThanOrEqual(2);
    expect(submitted.stdout).toMatch(/single: 100 results, 0 failed, accuracy 50\.0%/);

    const again = await runCli(args, { cwd: setup.directory });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('100 questions × 1 configuration; 100 already in the results; 0 to run');
    expect(again.stderr).toContain('0 enqueued, 0 already queued');
    expect(readResults(out)).toHaveLength(100);
  }, 180_000);

  it('enqueues without waiting, and massgen batch collect appends what the workers finished', async () => {
    const { questions, team, out } = writeBatchFiles(setup, 5);
    const submit = await runCli(batchArgs(questions, team, out, ...queueOptions(), '--no-wait'), {
      cwd: setup.directory,
    });
    expect(submit.code).toBe(0);
    expect(submit.stderr).toContain('5 enqueued, 0 already queued');
    expect(submit.stderr).toContain('Collect the results later with: massgen batch collect');
    expect(readResults(out)).toEqual([]);

    const recordDirectory = path.join(setup.directory, 'shared-records');
    const worker = await startWorker(['--record-dir', recordDirectory]);
    await waitForStderr(worker.child, /(?:answered[^]*){5}/);
    const collect = await runCli(
      ['batch', 'collect', '--queue', redis?.url ?? '', '--queue-name', queueName(), '--out', out],
      { cwd: setup.directory },
    );
    expect(collect.code).toBe(0);
    expect(collect.stderr).toContain('Collected 5 results');
    expect(collect.stderr).toContain('the queue holds 0 waiting and 0 running jobs');
    const results = readResults(out);
    expect(results.map((result) => result.id).sort()).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(results.every((result) => result.record?.startsWith(recordDirectory) === true)).toBe(true);

    // Collected jobs are gone from Redis: collecting again adds nothing.
    const twice = await runCli(
      ['batch', 'collect', '--queue', redis?.url ?? '', '--queue-name', queueName(), '--out', out],
      { cwd: setup.directory },
    );
    expect(twice.stderr).toContain('Collected 0 results');
    expect(readResults(out)).toHaveLength(5);

    worker.child.kill('SIGINT');
    const stopped = await worker.done;
    expect(stopped.code).toBe(0);
    expect(stopped.stderr).toContain('Worker stopped');
  }, 60_000);

  it('shares the provider limits of the batch between all workers through Redis', async () => {
    const arrivals = recordArrivals(setup.server, 40);
    await Promise.all([startWorker(), startWorker()]);
    const { questions, single, out } = writeBatchFiles(setup, 4);
    const run = await runCli(
      batchArgs(questions, single, out, ...queueOptions(), '--provider-concurrency', 'chatcompletion=1'),
      { cwd: setup.directory },
    );
    expect(run.code).toBe(0);
    // Two workers running four jobs, yet one call at a time: each after the previous one's 40 ms reply.
    expect(arrivals.shortestGap()).toBeGreaterThanOrEqual(39);
  }, 60_000);
});

describe('queue mode without a Redis', () => {
  it('says which URL it cannot reach, for the batch and for a worker', async () => {
    const { questions, single } = writeBatchFiles(setup, 1);
    const url = 'redis://:secret@127.0.0.1:1/0';
    const batch = await runCli(['batch', questions, '-c', single, '-o', 'r.jsonl', '--queue', url], {
      cwd: setup.directory,
    });
    expect(batch.code).toBe(1);
    expect(batch.stderr).toContain(
      'massgen batch: Cannot reach Redis at redis://:***@127.0.0.1:1/0: connect ECONNREFUSED 127.0.0.1:1. Start redis-server there or give another --queue URL.',
    );
    expect(batch.stderr).not.toContain('secret');

    const worker = await runCli(['worker', '--queue', 'redis://127.0.0.1:1/0'], { cwd: setup.directory });
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain('massgen worker: Cannot reach Redis at redis://127.0.0.1:1/0');

    const badUrl = await runCli(['worker', '--queue', 'http://127.0.0.1:6379'], { cwd: setup.directory });
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain('the scheme is http, not redis or rediss');
  });
});
