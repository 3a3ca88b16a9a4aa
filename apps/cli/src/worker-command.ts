import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { describeResult } from '@massgen/batch';
import { connectRedis, displayRedisUrl, loadQueueLibraries, startQueueWorker } from '@massgen/batch/queue';
import type { CliIo } from './cli-io.js';
import { runProgram, withDebugAndHelp } from './command-program.js';
import { parsePositiveInteger } from './number-arguments.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode } from './exit-codes.js';

interface WorkerOptions {
  queue: string;
  queueName: string;
  concurrency: number;
  lockSeconds: number;
  recordDir?: string;
  record: boolean;
  debug?: boolean;
}

const helpFooter = `
A worker takes batch jobs queued by "massgen batch ... --queue URL" and runs them here, with
this machine's API keys (configurations travel as written; \${ENV} is filled in by the worker,
so keys never enter Redis). Start as many workers, on as many machines, as you like.

A worker killed mid-job leaves its jobs claimed for --lock-seconds; BullMQ's stalled-job check
then hands them to another worker, and the result is still recorded once. Ctrl-C once lets the
running jobs finish; twice puts them back in the queue.

Anyone who can write to this Redis can have workers run the teams they enqueue, including
their MCP servers and commands: give access to it only to those you would let run them.

Run records are written under .massgen/runs here, or in --record-dir (a shared directory, for
example an NFS mount, keeps them all in one place); each result names its record's path and
the worker that wrote it.

Examples:
  massgen worker --queue redis://127.0.0.1:6379/0
  massgen worker --queue redis://:password@queue.internal:6379/2 --concurrency 8`;

/** `massgen worker --queue URL`: runs queued batch jobs until stopped. */
export async function workerCommand(args: readonly string[], io: CliIo): Promise<number> {
  const program = withDebugAndHelp(
    new Command('massgen worker')
      .description('Run queued batch jobs (see massgen batch --queue) until stopped.')
      .requiredOption('--queue <url>', 'the Redis to take jobs from (redis://host:port/db)')
      .option('--queue-name <name>', 'BullMQ queue name', 'massgen')
      .option('--concurrency <n>', 'jobs at once', parsePositiveInteger, 4)
      .option('--lock-seconds <s>', "how soon a killed worker's jobs are retried elsewhere", parsePositiveNumber, 30)
      .option('--record-dir <dir>', 'write run records here instead of .massgen/runs')
      .option('--no-record', 'write no run records'),
    io,
    helpFooter,
  );
  return runProgram(program, args, io, async (options: WorkerOptions) => {
    const libraries = await loadQueueLibraries([io.cwd, cliPackageDirectory()]);
    const redis = await connectRedis(libraries, options.queue);
    const cancel = new AbortController();
    const worker = startQueueWorker({
      libraries,
      url: options.queue,
      redis,
      queueName: options.queueName,
      concurrency: options.concurrency,
      cwd: io.cwd,
      env: io.env,
      pluginSearchPaths: [cliPackageDirectory()],
      ...(options.record
        ? options.recordDir === undefined
          ? {}
          : { record: { root: path.resolve(io.cwd, options.recordDir) } }
        : { record: false as const }),
      lockDurationMs: options.lockSeconds * 1000,
      cancel: cancel.signal,
      onJobStart: (data) => io.stderr.write(`${data.id} × ${data.config}: started\n`),
      onJobEnd: (result) => io.stderr.write(`${describeResult(result)}\n`),
    });
    worker.on('error', (error) => io.stderr.write(`massgen worker: ${error.message}\n`));
    await worker.waitUntilReady();
    io.stderr.write(
      `Worker ${process.pid} on queue ${options.queueName} at ${displayRedisUrl(options.queue)}, ${options.concurrency} at a time (Ctrl-C to stop)\n`,
    );
    await new Promise<void>((resolve) => {
      let presses = 0;
      const onSignal = (): void => {
        presses += 1;
        if (presses === 1) {
          io.stderr.write('Stopping: running jobs finish first (Ctrl-C again puts them back in the queue)\n');
          resolve();
        } else if (presses === 2) {
          io.stderr.write('Cancelling the running jobs; they go back to the queue\n');
          cancel.abort();
        } else {
          process.exit(ExitCode.interrupted);
        }
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
    });
    await worker.close();
    await redis.quit();
    io.stderr.write('Worker stopped\n');
    return ExitCode.success;
  });
}

function parsePositiveNumber(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('expected a positive number');
  return parsed;
}
