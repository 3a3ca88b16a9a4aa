import path from 'node:path';
import { Command } from 'commander';
import { ResultsFile, planBatch } from '@massgen/batch';
import type { BatchConfiguration, BatchQuestion, ProviderLimits, Scorer } from '@massgen/batch';
import { BatchQueue, defaultBatchId, displayRedisUrl } from '@massgen/batch/queue';
import type { CollectIntoFileOptions } from '@massgen/batch/queue';
import type { CliIo } from './cli-io.js';
import { describePlan, labels, openProgress, reportBatch, watchInterrupts } from './batch-command.js';
import { configureProgram, reportError } from './command-program.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode } from './exit-codes.js';

export interface SubmitToQueueOptions {
  io: CliIo;
  queueUrl: string;
  queueName: string;
  questions: BatchQuestion[];
  configurations: BatchConfiguration[];
  outFile: string;
  limits: ProviderLimits;
  retryFailed: boolean;
  wait: boolean;
  scorer: Scorer;
}

/** `massgen batch ... --queue URL`: enqueue what the results lack, then collect results as workers finish them. */
export async function submitToQueue(options: SubmitToQueueOptions): Promise<number> {
  const { io, outFile } = options;
  const queue = await BatchQueue.open({
    url: options.queueUrl,
    queueName: options.queueName,
    searchPaths: [io.cwd, cliPackageDirectory()],
  });
  const results = ResultsFile.open(outFile);
  const batchId = defaultBatchId(outFile);
  const interruption = watchInterrupts(io);
  interruption.onStop = () => io.stderr.write('\nStopping: the workers go on with the queued jobs\n');
  try {
    const plan = planBatch(options.questions, options.configurations, results, options.retryFailed);
    const since = Date.now();
    const { enqueued, alreadyQueued } = await queue.submit(batchId, plan.pending, options.limits);
    io.stderr.write(
      `${describePlan(plan, options.configurations.length, options.questions.length)}\n` +
        `Queue ${options.queueName} at ${displayRedisUrl(options.queueUrl)}: ${enqueued} enqueued, ${alreadyQueued} already queued (batch ${batchId})\n`,
    );
    if (!options.wait) {
      io.stderr.write(
        `Collect the results later with: massgen batch collect --queue ${displayRedisUrl(options.queueUrl)} --queue-name ${options.queueName} --out ${path.relative(io.cwd, outFile) || outFile}\n`,
      );
      return ExitCode.success;
    }
    await collectWithProgress(io, queue, {
      batchId,
      results,
      total: plan.total,
      alreadyDone: plan.done + plan.keptFailures,
      until: { jobs: plan.pending.map((job) => ({ id: job.question.id, config: job.configuration.label })), since },
      signal: interruption.stop,
    });
    const exitCode = await reportBatch(io, results, labels(options.configurations), options.scorer);
    if (!interruption.stop.aborted) return exitCode;
    io.stderr.write('Collect the rest later with massgen batch collect (or run the same command again).\n');
    return ExitCode.interrupted;
  } finally {
    interruption.dispose();
    results.close();
    await queue.close();
  }
}

async function collectWithProgress(
  io: CliIo,
  queue: BatchQueue,
  options: Omit<CollectIntoFileOptions, 'onResult' | 'onRunning'> & { total: number; alreadyDone: number },
): Promise<{ collected: number }> {
  const progress = openProgress(io, options.total, options.alreadyDone);
  let running = 0;
  try {
    return await queue.collect({
      ...options,
      onResult: (result) => {
        // Workers, not this process, run the jobs: a result arrives without a start seen here.
        progress.started();
        running += 1;
        progress.finished(result);
        running -= 1;
      },
      onRunning: (count) => {
        for (; running < count; running += 1) progress.started();
        for (; running > count; running -= 1) progress.abandoned();
      },
    });
  } finally {
    progress.close();
  }
}

/** `massgen batch collect --queue URL --out FILE`: appends the finished results of a queued batch. */
export async function collectCommand(args: readonly string[], io: CliIo): Promise<number> {
  const program = new Command('massgen batch collect')
    .description('Append the results that workers finished for a queued batch to its results file.')
    .requiredOption('--queue <url>', 'the Redis the batch was queued on (redis://host:port/db)')
    .requiredOption('-o, --out <file>', 'the results file given to massgen batch')
    .option('--queue-name <name>', 'BullMQ queue name', 'massgen')
    .option('--batch <id>', 'the batch id printed at submission (default: the one of --out on this machine)')
    .helpOption('-h, --help', 'show this help');
  configureProgram(program, io);
  try {
    program.parse([...args], { from: 'user' });
    const options = program.opts<{ queue: string; out: string; queueName: string; batch?: string }>();
    const outFile = path.resolve(io.cwd, options.out);
    const queue = await BatchQueue.open({
      url: options.queue,
      queueName: options.queueName,
      searchPaths: [io.cwd, cliPackageDirectory()],
    });
    const results = ResultsFile.open(outFile);
    try {
      const batchId = options.batch ?? defaultBatchId(outFile);
      const { collected } = await queue.collect({ batchId, results });
      const counts = await queue.counts();
      io.stderr.write(
        `Collected ${collected} result${collected === 1 ? '' : 's'} into ${outFile} (batch ${batchId}); ` +
          `the queue holds ${counts.waiting + counts.delayed} waiting and ${counts.active} running jobs (all batches).\n`,
      );
      return ExitCode.success;
    } finally {
      results.close();
      await queue.close();
    }
  } catch (error) {
    return reportError(error, io, false, 'massgen batch collect');
  }
}
