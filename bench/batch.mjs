// Batch throughput: questions per minute with 1, 2 and 4 `massgen worker` processes on a Redis
// queue, and `massgen batch` in one process at the same total concurrency, side by side, all
// against the fake provider (its own process) at a fixed latency per request. The latency (600
// ms, a fast hosted model) is long next to the CPU a run needs (a few ms per call), so the work
// is I/O-bound and adding workers on this 2-core machine measures the queue, not the cores.
// Targets: 4 workers reach 3.5x one worker; the queue adds under 5 ms per job: the time a
// worker holds a job outside its run (BullMQ's own timestamps) beyond the time one process
// holds the same job outside the same run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryProviderLimiter, ResultsFile, loadBatchConfigurations, planBatch, runBatch } from '@massgen/batch';
import { BatchQueue } from '@massgen/batch/queue';
import { redisServerUnavailable, startRedisServer } from '@massgen/testing';
import { verdict } from './measure.mjs';
import { startFakeProvider } from './fake-provider-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'apps/cli/bin/massgen.js');
const latencyMs = Number(process.env.BENCH_BATCH_LATENCY_MS ?? 600);
const perWorker = Number(process.env.BENCH_BATCH_WORKER_CONCURRENCY ?? 4);
// A multiple of the 16 lanes of 4 workers, so that every lane has the same number of jobs.
const questionCount = Number(process.env.BENCH_BATCH_QUESTIONS ?? 32);

/** Starts `massgen worker` processes and resolves once each takes jobs. */
async function startWorkers(count, redisUrl, queueName, directory) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = spawn(
        process.execPath,
        [
          cli,
          'worker',
          '--queue',
          redisUrl,
          '--queue-name',
          queueName,
          '--concurrency',
          String(perWorker),
          '--no-record',
        ],
        { cwd: directory, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      await new Promise((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (chunk) => {
          stderr += chunk;
          if (stderr.includes('Ctrl-C to stop')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${stderr}`)));
      });
      child.removeAllListeners('exit');
      return child;
    }),
  );
}

function stopWorkers(workers) {
  return Promise.all(
    workers.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Wall time and questions per minute, once every question has its answer. */
function measure(startedAt, results) {
  const wallMs = Number(process.hrtime.bigint() - startedAt) / 1e6;
  const failed = results.filter((result) => result.status !== 'done');
  if (results.length !== questionCount || failed.length > 0)
    throw new Error(`expected ${questionCount} answered results, got ${results.length} (${failed.length} failed)`);
  return { wallMs, perMinute: (questionCount * 60_000) / wallMs };
}

/**
 * The time a worker holds a job outside its run, by the worker's own clock (BullMQ's
 * `processedOn` and `finishedOn`): reading the job, setting up the run, and completing the job
 * in Redis, which hands the worker its next job in the same call.
 */
function heldOutsideRun(jobs) {
  const outside = jobs.map((job) => job.finishedOn - job.processedOn - job.returnvalue.durationMs);
  return outside.reduce((sum, value) => sum + value, 0) / jobs.length;
}

/** CPU milliseconds a process has used so far (user and system), from /proc. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime (fields 14 and 15 of stat, counting from 1), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function keys(plan) {
  return plan.pending.map((job) => ({ id: job.question.id, config: job.configuration.label }));
}

let attempt = 0;

async function queued(workerCount, redisUrl, configurations, questions, directory) {
  attempt += 1;
  const queueName = `bench-${attempt}-${process.pid}`;
  const workers = await startWorkers(workerCount, redisUrl, queueName, directory);
  const queue = await BatchQueue.open({ url: redisUrl, queueName });
  const results = ResultsFile.open(path.join(directory, `${queueName}.jsonl`));
  const warmUp = ResultsFile.open(path.join(directory, `${queueName}-warm-up.jsonl`));
  const jobs = [];
  try {
    // A fresh worker imports its backend and strategy on its first job, as the bench process
    // did when it loaded the configuration: a round of jobs first, so both run warm.
    const warmUpPlan = planBatch(questions.slice(0, workerCount * perWorker), configurations, warmUp, false);
    await queue.submit(`${queueName}-warm-up`, warmUpPlan.pending, {});
    await queue.collect({
      batchId: `${queueName}-warm-up`,
      results: warmUp,
      until: { jobs: keys(warmUpPlan), since: 0 },
    });
    const plan = planBatch(questions, configurations, results, false);
    const cpuBefore = workers.reduce((sum, child) => sum + cpuMs(child.pid), 0);
    const startedAt = process.hrtime.bigint();
    await queue.submit(queueName, plan.pending, {});
    await queue.collect({
      batchId: queueName,
      results,
      until: { jobs: keys(plan), since: 0 },
      onJob: (job) => jobs.push(job),
    });
    const figures = measure(startedAt, results.all());
    const cpu = workers.reduce((sum, child) => sum + cpuMs(child.pid), 0) - cpuBefore;
    return { ...figures, overheadMs: heldOutsideRun(jobs), cpuPerJobMs: cpu / questionCount };
  } finally {
    warmUp.close();
    results.close();
    await queue.close();
    await stopWorkers(workers);
  }
}

async function local(concurrency, configurations, questions, directory) {
  attempt += 1;
  const results = ResultsFile.open(path.join(directory, `local-${attempt}.jsonl`));
  try {
    const plan = planBatch(questions, configurations, results, false);
    const cpuBefore = process.cpuUsage();
    const startedAt = process.hrtime.bigint();
    const taken = new Map();
    const outside = [];
    await runBatch({
      jobs: plan.pending,
      concurrency,
      limiter: new MemoryProviderLimiter({}),
      cwd: directory,
      pluginSearchPaths: [path.join(root, 'apps/cli')],
      record: false,
      onProgress: (event) => {
        if (event.type === 'started') taken.set(event.job.question.id, Date.now());
        else if (event.type === 'finished')
          outside.push(Date.now() - taken.get(event.job.question.id) - event.result.durationMs);
      },
      onResult: (result) => results.append(result),
    });
    const figures = measure(startedAt, results.all());
    const cpu = process.cpuUsage(cpuBefore);
    return {
      ...figures,
      overheadMs: outside.reduce((sum, value) => sum + value, 0) / outside.length,
      cpuPerJobMs: (cpu.user + cpu.system) / 1000 / questionCount,
    };
  } finally {
    results.close();
  }
}

/** Other work on a shared machine slows a phase now and then: each runs twice, the faster counts. */
async function best(measureOnce) {
  const first = await measureOnce();
  const second = await measureOnce();
  return first.wallMs <= second.wallMs ? first : second;
}

export async function batch() {
  const unavailable = redisServerUnavailable();
  if (unavailable !== undefined) {
    console.log(`batch throughput: skipped, ${unavailable}`);
    return true;
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-bench-batch-'));
  const provider = await startFakeProvider('fake-server-process.mjs', [latencyMs]);
  const redis = await startRedisServer();
  try {
    writeFileSync(
      path.join(directory, 'single.yaml'),
      `agent:\n  id: solo\n  backend: { type: chatcompletion, model: model-a, base_url: "${provider.url}", api_key: bench-key }\n`,
    );
    const configurations = await loadBatchConfigurations(['single.yaml'], {
      cwd: directory,
      env: {},
      pluginSearchPaths: [path.join(root, 'apps/cli')],
    });
    const questions = Array.from({ length: questionCount }, (_, index) => ({
      id: `q${index + 1}`,
      question: `What is ${index}+${index}?`,
    }));
    const one = await best(() => queued(1, redis.url, configurations, questions, directory));
    const localOne = await best(() => local(perWorker, configurations, questions, directory));
    const two = await best(() => queued(2, redis.url, configurations, questions, directory));
    const four = await best(() => queued(4, redis.url, configurations, questions, directory));
    const localFour = await best(() => local(4 * perWorker, configurations, questions, directory));
    const speedup = four.perMinute / one.perMinute;
    const speedupOk = speedup >= 3.5;
    const queueOverheadMs = one.overheadMs - localOne.overheadMs;
    const overheadOk = queueOverheadMs < 5;
    console.log(
      `batch throughput, ${questionCount} single-agent questions, ${latencyMs} ms per request, ${perWorker} jobs at once per worker (best of 2)`,
    );
    const row = (name, figures) =>
      `  ${name.padEnd(36)} ${figures.perMinute.toFixed(0).padStart(5)} questions/min  ${(figures.wallMs / 1000).toFixed(1).padStart(5)} s  CPU ${figures.cpuPerJobMs.toFixed(1)} ms/question`;
    console.log(row('queue, 1 worker', one));
    console.log(row(`massgen batch, 1 process, ${perWorker} at once`, localOne));
    console.log(row('queue, 2 workers', two));
    console.log(row('queue, 4 workers', four));
    console.log(row(`massgen batch, 1 process, ${4 * perWorker} at once`, localFour));
    console.log(`  4 workers / 1 worker   ${speedup.toFixed(2)}x   target >= 3.5x   ${verdict(speedupOk)}`);
    console.log(
      `  time a job is held outside its run: worker ${one.overheadMs.toFixed(1)} ms, one process ${localOne.overheadMs.toFixed(1)} ms`,
    );
    console.log(
      `  queue overhead per job (the difference)   ${queueOverheadMs.toFixed(1)} ms   target < 5 ms   ${verdict(overheadOk)}`,
    );
    console.log(
      `  worker CPU per job beyond the same run in one process   ${(one.cpuPerJobMs - localOne.cpuPerJobMs).toFixed(1)} ms   (information)`,
    );
    return speedupOk && overheadOk;
  } finally {
    await redis.close();
    await provider.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await batch()) ? 0 : 1;
