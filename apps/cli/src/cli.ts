import { CommanderError } from 'commander';
import { MassGenError, toMassGenError } from '@massgen/core';
import { PluginLoader, loadAttachment, loadAttachments } from '@massgen/runtime';
import { processIo } from './cli-io.js';

export { processIo };
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode, exitCodeForError } from './exit-codes.js';
import { runInteractiveSession } from './interactive-session.js';
import { findExample, readExampleCatalog } from './example-catalog.js';
import { listExamplesCommand } from './examples-command.js';
import { createLineReader } from './line-reader.js';
import { logsCommand } from './logs-command.js';
import { buildProgram } from './main-program.js';
import type { CliOptions } from './main-program.js';
import { runInConversation } from './conversation-run.js';
import { runCoordination } from './run-command.js';
import { planThenExecute, planningChoice } from './plan-run.js';
import { runSignal } from './run-signal.js';
import { chooseSession, openConversation, teamForSession } from './session-choice.js';
import { showSchemaCommand } from './show-schema-command.js';
import { SignalHandling } from './signal-handling.js';
import { readStandardInputQuestion, standardInputMarker } from './standard-input-question.js';
import { resolveConfig } from './team-config.js';
import { formatWarning, validateCommand } from './validate-command.js';
import { executionQuestion } from './plan-mode.js';
import { teamFlagsText } from './team-flags.js';

/**
 * The `massgen` command. Resolves to the process exit code; never throws. `signals` is the
 * binary's signal handling, installed before this module loaded; without it, main installs its
 * own for the call.
 */
export async function main(
  argv: readonly string[],
  io: CliIo = processIo(),
  signal?: AbortSignal,
  signals?: SignalHandling,
): Promise<number> {
  const handling = signals ?? new SignalHandling().install();
  handling.onStop = (name) =>
    io.stderr.write(
      `\nInterrupted (${name}): stopping the agents (${name === 'SIGINT' ? 'press Ctrl-C' : `send ${name}`} again to quit at once)\n`,
    );
  try {
    return await dispatch(argv, io, signal, handling);
  } finally {
    handling.release();
  }
}

async function dispatch(
  argv: readonly string[],
  io: CliIo,
  signal: AbortSignal | undefined,
  signals: SignalHandling,
): Promise<number> {
  // Loaded on demand, so runs of the team do not pay for the server's code; it handles its own signals.
  if (argv[2] === 'serve') {
    const early = signals.release();
    const stop = signal === undefined ? early : AbortSignal.any([signal, early]);
    return (await import('./serve-command.js')).serveCommand(argv.slice(3), io, stop);
  }
  if (argv[2] === 'web') {
    const early = signals.release();
    const stop = signal === undefined ? early : AbortSignal.any([signal, early]);
    return (await import('./web-command.js')).webCommand(argv.slice(3), io, stop);
  }
  // The other subcommands run no team, or handle signals their own way (batch, worker).
  if (['logs', 'init', 'batch', 'worker', 'sessions'].includes(argv[2] ?? '')) signals.release();
  let debug = argv.includes('--debug');
  if (argv[2] === 'logs') return logsCommand(argv.slice(3), io);
  if (argv[2] === 'resume') return resumeRun(argv.slice(3), io, signal, signals);
  if (argv[2] === 'sessions') return (await import('./sessions-command.js')).sessionsCommand(argv.slice(3), io);
  if (argv[2] === 'init') return (await import('./init-command.js')).initCommand(argv.slice(3), io, process.stdin);
  if (argv[2] === 'batch') return (await import('./batch-command.js')).batchCommand(argv.slice(3), io);
  if (argv[2] === 'worker') return (await import('./worker-command.js')).workerCommand(argv.slice(3), io);
  if (argv[2] === 'add') return (await import('./add-command.js')).addCommand(argv.slice(3), io);
  if (argv[2] === 'plugins') return (await import('./plugins-command.js')).pluginsCommand(argv.slice(3), io);
  const program = buildProgram(io);
  try {
    program.parse([...argv]);
    const options = program.opts<CliOptions>();
    debug = options.debug === true;
    const loader = new PluginLoader({ searchPaths: [io.cwd, cliPackageDirectory()] });
    if (options.validate !== undefined) {
      const files =
        options.validate === true ? (options.config === undefined ? [] : [options.config]) : options.validate;
      if (files.length === 0) {
        io.stderr.write(
          '--validate needs a file: massgen --validate team.yaml (or massgen --config team.yaml --validate).\n',
        );
        return ExitCode.configError;
      }
      return await validateCommand(files, io, loader);
    }
    if (options.listExamples === true) return listExamplesCommand(io);
    if (options.showSchema === true)
      return await showSchemaCommand(
        { ...(options.backend === undefined ? {} : { backend: options.backend }), json: options.json === true },
        io,
        loader,
      );
    const sessionFlags = { ...options, historyTokens: options.historyTokens };
    const continued = chooseSession(sessionFlags, io);
    const team = teamForSession(sessionFlags, continued);
    // The configuration first: its mistakes are reported before the run waits on standard input.
    const config = await resolveConfig(team, io, loader);
    const conversation = openConversation(team, continued, io);
    const attachments = await loadAttachments(
      [
        ...options.image.map((source) => ({ source, kind: 'image' as const })),
        ...options.file.map((source) => ({ source, kind: 'file' as const })),
      ],
      { cwd: io.cwd, ...(signal === undefined ? {} : { signal }) },
    );
    const planning = planningChoice(options);
    const question =
      options.executePlan === undefined
        ? await readQuestion(program.args[0], options.example)
        : executionQuestion(options.executePlan, io.cwd, program.args[0]);
    if (planning !== undefined && (question === undefined || question.trim() === ''))
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `--${planning} needs a question: massgen --config FILE --${planning} "your task".`,
      });
    const interactive = (question === undefined || question.trim() === '') && process.stdin.isTTY === true;
    if (!interactive && (question === undefined || question.trim() === '')) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message:
          'No question given. Usage: massgen --config FILE "your question" (see massgen --help), or run it in a terminal for an interactive session.',
      });
    }
    for (const warning of config.warnings) io.stderr.write(`warning: ${formatWarning(warning)}\n`);
    // What every question of this invocation is run with; its warnings were printed just above.
    const runSettings = {
      config,
      io,
      pluginSearchPaths: [cliPackageDirectory()],
      quiet: !options.display,
      ...(options.outputFile === undefined ? {} : { outputFile: options.outputFile }),
      record: options.record,
    };
    if (interactive || question === undefined) {
      // At the prompt nothing runs: a signal there ends the session.
      signals.whenIdle = 'exit';
      return await runInteractiveSession({
        config,
        io,
        conversation,
        readLine: createLineReader(process.stdin, io.stderr),
        attachments,
        loadAttachment: (source) => loadAttachment({ source, kind: 'file' }, { cwd: io.cwd }),
        runTurn: async (turnQuestion, history, turnAttachments, onEvent) => {
          const interruption = runSignal(signals, signal);
          try {
            const outcome = await runCoordination({
              ...runSettings,
              question: turnQuestion,
              signal: interruption.signal,
              history,
              attachments: turnAttachments,
              onEvent,
            });
            // Ctrl-C cancels the question; SIGTERM and SIGHUP end the session once its run has ended.
            if (interruption.received === 'SIGTERM' || interruption.received === 'SIGHUP')
              signals.exit(ExitCode.interrupted);
            return outcome;
          } finally {
            interruption.dispose();
          }
        },
      });
    }
    const interruption = runSignal(signals, signal);
    try {
      if (planning !== undefined)
        return await planThenExecute(conversation, planning, teamFlagsText(options), {
          ...runSettings,
          question,
          signal: interruption.signal,
          attachments,
        });
      const { exitCode } = await runInConversation(conversation, {
        ...runSettings,
        question,
        signal: interruption.signal,
        attachments,
      });
      return exitCode;
    } finally {
      interruption.dispose();
    }
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? ExitCode.success : ExitCode.configError;
    }
    const failure = toMassGenError(error);
    io.stderr.write(`massgen: ${failure.message}\n`);
    if (debug && error instanceof Error && error.stack !== undefined) io.stderr.write(`${error.stack}\n`);
    return exitCodeForError(failure);
  }
}

/**
 * The question: the argument, standard input when the argument is `-` or when none is given and
 * standard input is not a terminal, the example's own question, or none (an interactive session).
 */
async function readQuestion(argument: string | undefined, example: string | undefined): Promise<string | undefined> {
  if (argument === standardInputMarker) return readStandardInputQuestion(process.stdin);
  if (argument !== undefined) return argument;
  if (example !== undefined) return findExample(readExampleCatalog(), example).question;
  if (process.stdin.isTTY !== true) return readStandardInputQuestion(process.stdin);
  return undefined;
}

/** `massgen resume`: the stopped run goes on under the same signal handling as a new one. */
async function resumeRun(
  args: readonly string[],
  io: CliIo,
  signal: AbortSignal | undefined,
  signals: SignalHandling,
): Promise<number> {
  const loader = new PluginLoader({ searchPaths: [io.cwd, cliPackageDirectory()] });
  const interruption = runSignal(signals, signal);
  try {
    return await (
      await import('./resume-command.js')
    ).resumeCommand(args, {
      io,
      signal: interruption.signal,
      resolveTeam: async (flags) => {
        const config = await resolveConfig(flags, io, loader);
        for (const warning of config.warnings) io.stderr.write(`warning: ${formatWarning(warning)}\n`);
        return config;
      },
    });
  } finally {
    interruption.dispose();
  }
}
