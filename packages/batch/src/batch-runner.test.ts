import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '@massgen/config';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest, FakeOpenAIServer } from '@massgen/testing';
import type { BatchConfiguration } from './batch-configuration.js';
import type { BatchResult } from './batch-result.js';
import type { PlannedJob } from './batch-plan.js';
import { runBatch } from './batch-runner.js';
import type { RunBatchOptions, RunBatchOutcome } from './batch-runner.js';
import { MemoryProviderLimiter } from '@massgen/runtime';
import type { ProviderLimiter } from './provider-limits.js';

const packageDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let directory: string;
let server: FakeOpenAIServer;

/** Answers "What is A+B?" with the sum. */
function sum(request: FakeChatRequest): string {
  const match = /What is (\d+)\+(\d+)/.exec(JSON.stringify(request.messages));
  return match === null ? 'no question' : `It is ${Number(match[1]) + Number(match[2])}.`;
}

beforeEach(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-batch-runner-'));
  server = await createFakeOpenAIServer({
    latencyMs: 5,
    responder: createTeamResponder({ answer: sum, finalText: sum }),
  });
});

afterEach(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

function configuration(label: string, agents: number): BatchConfiguration {
  const text = `agents:\n${Array.from(
    { length: agents },
    (_, index) =>
      `  - id: agent${index + 1}\n    backend: { type: chatcompletion, model: m${index + 1}, base_url: "${server.url}", api_key: k }\n`,
  ).join('')}`;
  return {
    label,
    file: path.join(directory, `${label}.yaml`),
    text,
    digest: label,
    config: parseConfig(text, { baseDir: directory, cwd: directory, env: {} }),
  };
}

function jobs(count: number, configurations: BatchConfiguration[]): PlannedJob[] {
  return Array.from({ length: count }, (_, index) =>
    configurations.map((entry) => ({
      question: { id: `q${index + 1}`, question: `What is ${index}+${index}?`, expected: 2 * index },
      configuration: entry,
    })),
  ).flat();
}

/** A limiter that counts the calls admitted at once. */
function countingLimiter(inner: ProviderLimiter): ProviderLimiter & { maxActive: number } {
  let active = 0;
  const counting = {
    maxActive: 0,
    acquire: async (provider: string, signal?: AbortSignal) => {
      const release = await inner.acquire(provider, signal);
      active += 1;
      counting.maxActive = Math.max(counting.maxActive, active);
      return () => {
        active -= 1;
        release();
      };
    },
    pause: (provider: string, ms: number) => inner.pause(provider, ms),
    close: () => inner.close(),
  };
  return counting;
}

const common = () => ({ cwd: directory, pluginSearchPaths: [packageDirectory], record: false as const });

/** Runs `count` questions on one agent alone, with no provider limits. */
function runSingles(
  count: number,
  options: Omit<RunBatchOptions, 'cwd' | 'pluginSearchPaths' | 'jobs' | 'limiter'>,
): Promise<RunBatchOutcome> {
  return runBatch({
    ...common(),
    jobs: jobs(count, [configuration('single', 1)]),
    limiter: new MemoryProviderLimiter({}),
    ...options,
  });
}

describe('runBatch', () => {
  it('runs every question on every configuration, at most `concurrency` at once, each result as it ends', async () => {
    const results: BatchResult[] = [];
    let running = 0;
    let maxRunning = 0;
    const outcome = await runBatch({
      ...common(),
      jobs: jobs(6, [configuration('team', 2), configuration('single', 1)]),
      concurrency: 3,
      limiter: new MemoryProviderLimiter({}),
      onResult: (result) => results.push(result),
      onProgress: (event) => {
        if (event.type === 'started') maxRunning = Math.max(maxRunning, ++running);
        else running -= 1;
      },
    });
    expect(outcome).toEqual({ finished: 12, failed: 0, remaining: 0 });
    expect(maxRunning).toBe(3);
    expect(results.map((result) => `${result.id}/${result.config}`).sort()).toHaveLength(12);
    const q3 = results.find((result) => result.id === 'q3' && result.config === 'team');
    expect(q3).toMatchObject({ status: 'done', answer: 'It is 4.', stopReason: 'consensus', expected: 4 });
    expect(q3?.winner).toMatch(/^agent[12]$/);
    expect(q3?.tokens.total).toBeGreaterThan(0);
  });

  it('holds every model call of every run to the provider concurrency limit', async () => {
    const limiter = countingLimiter(new MemoryProviderLimiter({ chatcompletion: { concurrency: 2 } }));
    const outcome = await runBatch({
      ...common(),
      jobs: jobs(4, [configuration('team', 3)]),
      concurrency: 4,
      limiter,
      onResult: () => {},
    });
    expect(outcome.finished).toBe(4);
    // Four teams of three agents would make up to twelve calls at once without the limit.
    expect(limiter.maxActive).toBe(2);
  });

  it('on stop, starts nothing new and lets the running questions finish with their results', async () => {
    const stop = new AbortController();
    const results: BatchResult[] = [];
    const outcome = await runSingles(10, {
      concurrency: 2,
      stop: stop.signal,
      onResult: (result) => {
        results.push(result);
        stop.abort();
      },
    });
    // The first to finish stops the batch; the other one running still finishes.
    expect(outcome).toEqual({ finished: 2, failed: 0, remaining: 8 });
    expect(results.every((result) => result.status === 'done')).toBe(true);
  });

  it('on cancel, abandons the running questions without a result, so a restart runs them', async () => {
    server.setResponder(() => ({ type: 'hang' }));
    const cancel = new AbortController();
    const results: BatchResult[] = [];
    const cancelled: string[] = [];
    const done = runSingles(3, {
      concurrency: 2,
      cancel: cancel.signal,
      onResult: (result) => results.push(result),
      onProgress: (event) => {
        if (event.type === 'cancelled') cancelled.push(event.job.question.id);
      },
    });
    await server.waitForRequests(2);
    cancel.abort();
    expect(await done).toEqual({ finished: 0, failed: 0, remaining: 3 });
    expect(results).toEqual([]);
    expect(cancelled.sort()).toEqual(['q1', 'q2']);
  });

  it('records a run whose agents all fail as a failed result naming the reason', async () => {
    server.setResponder(() => ({ type: 'error', status: 401, body: { error: { message: 'bad key' } } }));
    const results: BatchResult[] = [];
    const outcome = await runSingles(1, {
      concurrency: 1,
      onResult: (result) => results.push(result),
    });
    expect(outcome).toEqual({ finished: 1, failed: 1, remaining: 0 });
    expect(results[0]).toMatchObject({ status: 'failed', stopReason: 'all-agents-failed' });
    expect(results[0]?.answer).toBeUndefined();
  });
});
