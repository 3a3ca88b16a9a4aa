import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { MassGenError } from '@massgen/core';
import {
  BatchProgress,
  MemoryProviderLimiter,
  ResultsFile,
  formatSummary,
  loadBatchConfigurations,
  loadScorer,
  parseProviderLimits,
  planBatch,
  readBatchQuestions,
  runBatch,
  summarizeResults,
} from '@massgen/batch';
import type { BatchConfiguration, ProviderLimits, Scorer } from '@massgen/batch';
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { configureProgram, reportError, runProgram, withDebugAndHelp } from './command-program.js';
import { parsePositiveInteger } from './number-arguments.js';

interface BatchOptions {
  config: string[];
  out?: string;
  concurrency: number;
  providerConcurrency: string[];
  providerRpm: string[];
  scorer: string;
  tolerance?: number;
  retryFailed?: boolean;
  record: boolean;
  queue?: string;
  queueName: string;
  wait: boolean;
  debug?: boolean;
}

const helpFooter = `
Each line of the questions file is {"id", "question", "expected"?, "attachments"?} or plain
text (its id is then its line number). Every question runs on every --config; each result is
appended to --out as one JSON line (answer, winner, stop reason, tokens, cost, duration, run
record) the moment it exists. Running the same command again skips what --out already holds;
failed results are kept unless --retry-failed.

Ctrl-C once: start nothing new, let running questions finish. Twice: cancel them (they run
next time). Nothing already written is lost.

With "expected" answers the summary gives, per configuration, the accuracy with a 95% Wilson
score interval, mean tokens, cost and time per question, and for each pair of configurations
the paired difference on the questions both answered (95% interval, exact McNemar p).
Scorers: exact (after normalising case, punctuation, accents and articles), numeric (the
answer's last number, within --tolerance), regex ("expected" is a pattern, /p/flags or plain
and case-insensitive), or a .js/.ts module exporting ({ answer, expected, question, id }) =>
boolean | number | { score, reason }.

Provider limits hold across all runs: --provider-concurrency openai=8 (calls at once),
--provider-rpm openai=500 (calls started per minute); "*=N" sets every backend type. A 429
with retry-after pauses every call to that provider.

Queue mode (several machines): --queue redis://host:6379/0 enqueues the jobs for
"massgen worker --queue redis://..." processes and collects their results into --out; with
--no-wait it only enqueues, and "massgen batch collect --queue ... --out ..." collects later.
Queue mode needs bullmq and ioredis beside massgen (npm install -g bullmq@6.7.0 ioredis@5.9.3).

Examples:
  massgen batch questions.jsonl --config team.yaml --config single.yaml --out results.jsonl
  massgen batch q.jsonl -c team.yaml -o results.jsonl --concurrency 8 --scorer numeric
  massgen batch summary results.jsonl --scorer exact
  massgen batch q.jsonl -c team.yaml -o results.jsonl --queue redis://127.0.0.1:6379/0

Exit codes: 0 every question answered, 1 configuration error, 2 some runs failed,
4 interrupted (run it again to finish).`;

/** `massgen batch`: many questions on one or more configurations, restartable, with a summary. */
export async function batchCommand(args: readonly string[], io: CliIo): Promise<number> {
  if (args[0] === 'summary') return summaryCommand(args.slice(1), io);
  if (args[0] === 'collect') return collectCommand(args.slice(1), io);
  const program = buildProgram(io);
  return runProgram(program, args, io, async (options: BatchOptions) => {
    const questionsFile = program.args[0];
    if (questionsFile === undefined || options.out === undefined)
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message:
          'Usage: massgen batch QUESTIONS.jsonl --config TEAM.yaml [--config OTHER.yaml] --out RESULTS.jsonl (see massgen batch --help).',
      });
    const limits = providerLimits(options);
    const scorer = await loadScorer(options.scorer, {
      cwd: io.cwd,
      ...(options.tolerance === undefined ? {} : { tolerance: options.tolerance }),
    });
    const questions = await readBatchQuestions(path.resolve(io.cwd, questionsFile));
    const configurations = await loadBatchConfigurations(options.config, {
      cwd: io.cwd,
      env: io.env,
      pluginSearchPaths: [cliPackageDirectory()],
    });
    for (const configuration of configurations)
      for (const warning of configuration.config.warnings)
        io.stderr.write(
          `warning: ${configuration.label}: ${warning.path === undefined ? '' : `${warning.path}: `}${warning.message}\n`,
        );
    const outFile = path.resolve(io.cwd, options.out);
    if (options.queue !== undefined) {
      const queue = await import('./batch-queue-command.js');
      return await queue.submitToQueue({
        io,
        queueUrl: options.queue,
        queueName: options.queueName,
        questions,
        configurations,
        outFile,
        limits,
        retryFailed: options.retryFailed === true,
        wait: options.wait,
        scorer,
      });
    }
    return await runLocally(io, { options, questions, configurations, outFile, limits, scorer });
  });
}

async function runLocally(
  io: CliIo,
  setup: {
    options: BatchOptions;
    questions: Awaited<ReturnType<typeof readBatchQuestions>>;
    configurations: BatchConfiguration[];
    outFile: string;
    limits: ProviderLimits;
    scorer: Scorer;
  },
): Promise<number> {
  const { options, questions, configurations, outFile, scorer } = setup;
  const results = ResultsFile.open(outFile);
  const limiter = new MemoryProviderLimiter(setup.limits);
  const interruption = watchInterrupts(io);
  try {
    if (results.repairedTail !== '')
      io.stderr.write(`warning: ${outFile} ended in a partly written line; it was dropped and runs again\n`);
    const plan = planBatch(questions, configurations, results, options.retryFailed === true);
    io.stderr.write(`${describePlan(plan, configurations.length, questions.length, options.concurrency)}\n`);
    const progress = openProgress(io, plan.total, plan.done + plan.keptFailures);
    interruption.onStop = () =>
      progress.print('Stopping: running questions finish first (Ctrl-C again cancels them; they run next time)');
    interruption.onCancel = () => progress.print('Cancelling the running questions');
    let outcome;
    try {
      outcome = await runBatch({
        jobs: plan.pending,
        concurrency: options.concurrency,
        limiter,
        cwd: io.cwd,
        pluginSearchPaths: [cliPackageDirectory()],
        ...(options.record ? {} : { record: false as const }),
        stop: interruption.stop,
        cancel: interruption.cancel,
        onResult: (result) => results.append(result),
        onProgress: (event) => {
          if (event.type === 'started') progress.started();
          else if (event.type === 'cancelled') progress.abandoned();
          else progress.finished(event.result);
        },
      });
    } finally {
      progress.close();
    }
    const exitCode = await reportBatch(io, results, labels(configurations), scorer);
    if (outcome.remaining === 0) return exitCode;
    io.stderr.write(
      `Interrupted with ${outcome.remaining} question${outcome.remaining === 1 ? '' : 's'} left: run the same command again to finish.\n`,
    );
    return ExitCode.interrupted;
  } finally {
    interruption.dispose();
    results.close();
    await limiter.close();
  }
}

/** `massgen batch summary RESULTS.jsonl`: scores and sums up a results file without running anything. */
async function summaryCommand(args: readonly string[], io: CliIo): Promise<number> {
  const program = new Command('massgen batch summary')
    .description('Score a results file and print the summary per configuration, running nothing.')
    .argument('<results>', 'the results file (JSON lines) written by massgen batch')
    .option('--scorer <name>', 'exact, numeric, regex, or a .js/.ts scorer module', 'exact')
    .option('--tolerance <x>', 'numeric scorer: relative tolerance', parseNonNegative)
    .helpOption('-h, --help', 'show this help');
  configureProgram(program, io);
  try {
    program.parse([...args], { from: 'user' });
    const options = program.opts<{ scorer: string; tolerance?: number }>();
    const file = path.resolve(io.cwd, program.args[0] as string);
    const results = ResultsFile.open(file);
    const all = results.all();
    results.close();
    if (all.length === 0) throw new MassGenError({ code: 'CONFIG_INVALID', message: `${file} holds no results.` });
    const scorer = await loadScorer(options.scorer, {
      cwd: io.cwd,
      ...(options.tolerance === undefined ? {} : { tolerance: options.tolerance }),
    });
    const configs = [...new Set(all.map((result) => result.config))];
    io.stdout.write(formatSummary(await summarizeResults(all, configs, scorer)));
    return ExitCode.success;
  } catch (error) {
    return reportError(error, io, false, 'massgen batch summary');
  }
}

async function collectCommand(args: readonly string[], io: CliIo): Promise<number> {
  const queue = await import('./batch-queue-command.js');
  return queue.collectCommand(args, io);
}

function buildProgram(io: CliIo): Command {
  return withDebugAndHelp(
    new Command('massgen batch')
      .description('Run every question of a file on one or more team configurations, and score and compare them.')
      .argument('<questions>', 'questions file: JSON lines {"id","question","expected"?,"attachments"?} or plain text')
      .option('-c, --config <file>', 'team configuration (repeat to compare several)', collect, [])
      .option('-o, --out <file>', 'results file (JSON lines), appended to and read back on restart')
      .option('--concurrency <n>', 'coordinations at once', parsePositiveInteger, 4)
      .option('--provider-concurrency <type=n>', 'model calls at once per backend type (repeatable)', collect, [])
      .option('--provider-rpm <type=n>', 'model calls started per minute per backend type (repeatable)', collect, [])
      .option('--scorer <name>', 'exact, numeric, regex, or a .js/.ts scorer module', 'exact')
      .option('--tolerance <x>', 'numeric scorer: relative tolerance (default 1e-6)', parseNonNegative)
      .option('--retry-failed', 'run again the questions whose result failed')
      .option('--no-record', 'do not write run records under .massgen/')
      .option('--queue <url>', 'enqueue for massgen worker processes through Redis (redis://host:port/db)')
      .option('--queue-name <name>', 'BullMQ queue name (workers must use the same)', 'massgen')
      .option('--no-wait', 'queue mode: enqueue and exit; collect later with massgen batch collect'),
    io,
    helpFooter,
  );
}

function providerLimits(options: BatchOptions): ProviderLimits {
  const limits = parseProviderLimits(options.providerConcurrency, 'concurrency', '--provider-concurrency');
  return parseProviderLimits(options.providerRpm, 'requestsPerMinute', '--provider-rpm', limits);
}

export function describePlan(
  plan: { total: number; pending: readonly unknown[]; done: number; keptFailures: number },
  configurations: number,
  questions: number,
  concurrency?: number,
): string {
  const parts = [
    `${questions} question${questions === 1 ? '' : 's'} × ${configurations} configuration${configurations === 1 ? '' : 's'}`,
  ];
  if (plan.done + plan.keptFailures > 0)
    parts.push(
      `${plan.done + plan.keptFailures} already in the results${plan.keptFailures === 0 ? '' : ` (${plan.keptFailures} failed, kept; --retry-failed runs them again)`}`,
    );
  parts.push(
    `${plan.pending.length} to run${plan.pending.length === 0 || concurrency === undefined ? '' : `, ${concurrency} at a time`}`,
  );
  return parts.join('; ');
}

/** Progress on stderr: a status line on a terminal, plain lines otherwise. */
export function openProgress(io: CliIo, total: number, alreadyDone: number): BatchProgress {
  return new BatchProgress({
    stream: io.stderr,
    terminal: (io.stderr as NodeJS.WriteStream).isTTY === true && io.env['TERM'] !== 'dumb',
    total,
    alreadyDone,
  });
}

/** Prints the summary on stdout and where the results are; the exit code says whether any run failed. */
export async function reportBatch(
  io: CliIo,
  results: ResultsFile,
  configs: readonly string[],
  scorer: Scorer,
): Promise<ExitCodeValue> {
  const all = results.all();
  io.stdout.write(formatSummary(await summarizeResults(all, configs, scorer)));
  io.stderr.write(`Results: ${results.file}\n`);
  return all.some((result) => result.status === 'failed') ? ExitCode.executionError : ExitCode.success;
}

export function labels(configurations: readonly BatchConfiguration[]): string[] {
  return configurations.map((configuration) => configuration.label);
}

/**
 * Ctrl-C (or SIGTERM) once stops starting questions; twice cancels the running ones; a third
 * time quits at once.
 */
export function watchInterrupts(io: CliIo): {
  stop: AbortSignal;
  cancel: AbortSignal;
  onStop: () => void;
  onCancel: () => void;
  dispose: () => void;
} {
  const stop = new AbortController();
  const cancel = new AbortController();
  const handle = {
    stop: stop.signal,
    cancel: cancel.signal,
    onStop: () => io.stderr.write('Stopping: running questions finish first (Ctrl-C again cancels them)\n'),
    onCancel: () => io.stderr.write('Cancelling the running questions\n'),
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
  function onSignal(): void {
    if (cancel.signal.aborted) process.exit(ExitCode.interrupted);
    if (stop.signal.aborted) {
      handle.onCancel();
      cancel.abort();
      return;
    }
    handle.onStop();
    stop.abort();
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return handle;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function parseNonNegative(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new InvalidArgumentError('expected a number, 0 or more');
  return parsed;
}
