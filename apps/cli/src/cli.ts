import path from 'node:path';
import { teamFlagsText } from './team-flags.js';
import { sessionClosingHint } from './closing-hint.js';
import { Command, CommanderError } from 'commander';
import { MassGenError, toMassGenError } from '@massgen/core';
import {
  backendCatalog,
  createLocalDefaultConfig,
  createQuickConfig,
  findBackendType,
  inferBackendType,
  loadConfig,
} from '@massgen/config';
import type { MassGenConfig } from '@massgen/config';
import {
  PluginLoader,
  defaultHistoryTokens,
  installedBackendCatalog,
  loadAttachment,
  loadAttachments,
} from '@massgen/runtime';
import { processIo } from './cli-io.js';

export { processIo };
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory, cliVersion } from './cli-package.js';
import { ExitCode, exitCodeForError } from './exit-codes.js';
import { runInteractiveSession } from './interactive-session.js';
import { findExample, readExampleCatalog } from './example-catalog.js';
import { listExamplesCommand, prepareExample } from './examples-command.js';
import { createLineReader } from './line-reader.js';
import { localDefaultNotice } from './local-default-notice.js';
import { parseCount, parseSeconds } from './number-arguments.js';
import { logsCommand } from './logs-command.js';
import { runCoordination } from './run-command.js';
import type { RunCommandOptions, RunCommandOutcome } from './run-command.js';
import { chooseSession, openConversation, teamForSession } from './session-choice.js';
import type { TeamFlags } from './session-choice.js';
import type { Conversation } from './session-conversation.js';
import { showSchemaCommand } from './show-schema-command.js';
import { SignalHandling } from './signal-handling.js';
import type { StopSignal } from './signal-handling.js';
import { readStandardInputQuestion, standardInputMarker } from './standard-input-question.js';
import { formatWarning, validateCommand } from './validate-command.js';
import { defaultPlanFile, executionQuestion, planExecutionQuestion, withPlanOnly, writePlanFile } from './plan-mode.js';
import { configureProgram } from './command-program.js';

interface CliOptions {
  config?: string;
  model?: string;
  backend?: string;
  baseUrl?: string;
  systemMessage?: string;
  /** `true` when given without files: the `--config` file is checked. */
  validate?: string[] | true;
  display: boolean;
  outputFile?: string;
  timeout?: number;
  record: boolean;
  debug?: boolean;
  example?: string;
  listExamples?: boolean;
  showSchema?: boolean;
  json?: boolean;
  image: string[];
  file: string[];
  continue?: boolean;
  session?: string;
  historyTokens: number;
  plan?: boolean;
  planAndExecute?: boolean;
  executePlan?: string;
}

const helpFooter = `
Examples:
  massgen --config team.yaml "What is the best way to cache API responses?"
  massgen --model gpt-5-nano "Explain CRDTs in two paragraphs"
  massgen --backend chatcompletion --base-url http://localhost:8000/v1 --model qwen "Hi"
  massgen --validate team.yaml other.yaml
  massgen --list-examples               (bundled examples; massgen --example team-of-three "q")
  massgen --config team.yaml --image chart.png --file report.pdf "What changed?"
  massgen --no-display --config team.yaml "q" > answer.md
  echo "q" | massgen --config team.yaml     (the question from standard input; also: massgen ... -)
  massgen --config team.yaml            (no question: an interactive session)
  massgen --config team.yaml --plan "Add a dark mode"   (a plan to approve, in .massgen/plans/; nothing changes)
  massgen --config team.yaml --execute-plan .massgen/plans/RUN.md   (carry out the approved plan)
  massgen --continue "And in Rust?"     (a follow-up in the latest session, with its team and answers)
  massgen sessions                      (list the sessions; massgen --session ID continues one)
  massgen resume                        (go on with the latest run that was cancelled, timed out or crashed)
  massgen init                          (write a configuration: asks which backends and models)
  massgen logs                          (list past runs; massgen logs show latest)
  massgen add local                     (add a plugin: the embedded local model, claude_code, a package)
  massgen plugins                       (the backends and strategies installed, with their versions)
  massgen serve --config team.yaml      OpenAI-compatible server (see massgen serve --help)
  massgen batch q.jsonl -c team.yaml -o results.jsonl   many questions, scored (massgen batch --help)
  massgen web --open                    start, watch and replay runs in the browser (massgen web --help)

In the live display: m sends every agent a message (in an agent's view, 1-9, that agent alone),
a answers now, q cancels; an agent's question (coordination.human_input) waits for your reply
there. See docs/person-in-the-loop.md.

Exit codes:
  0 success   1 configuration error   2 execution error   3 timeout
  4 interrupted: Ctrl-C, SIGTERM or SIGHUP stopped the run; its record is complete
  130 / 143 / 129 a second SIGINT / SIGTERM / SIGHUP quit at once (the record may lack its end)
  141 output pipe closed early (massgen ... | head); a run still finishes and is recorded

Each run is recorded under .massgen/runs/<run id>/ (events.jsonl, answers/, votes.json,
final.md, status.json, attachments/) and belongs to a session under .massgen/sessions/<id>/
(its questions, final answers and run ids). A follow-up question carries the session's newest
answered turns, up to --history-tokens (${defaultHistoryTokens} by default, about four characters
a token); older turns are dropped and named in a one-line note.`;

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

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function buildProgram(io: CliIo): Command {
  const program = new Command('massgen')
    .description(
      "Several AI agents answer your question in parallel, review each other's answers, vote, and the winner presents the final answer.",
    )
    .argument(
      '[question]',
      'the question or task for the team; - (or none, with input piped in) reads it from standard input',
    )
    .option('-c, --config <file>', 'YAML configuration of the team')
    .option('-m, --model <model>', 'run one agent on this model, with no configuration file')
    .option('--backend <type>', 'backend type for --model (default: inferred from the model name)')
    .option('--base-url <url>', 'base URL of an OpenAI-compatible server, for --model')
    .option('--system-message <text>', 'system message for the --model agent')
    .option('--example <name>', 'run a bundled example (its own question if you give none)')
    .option('--list-examples', 'list the bundled examples with a question to try each with')
    .option('--show-schema', "print the configuration reference (with --backend TYPE: that backend's options)")
    .option('--json', 'with --show-schema: print the JSON Schema instead')
    .option(
      '--validate [files...]',
      'check configuration files (the --config file when none is named), report every problem, and exit',
    )
    .option('--image <path|url>', 'attach an image to the question, for every agent (repeatable)', collect, [])
    .option('--file <path|url>', 'attach a file (PDF, text, audio, image) to the question (repeatable)', collect, [])
    .option('--no-display', 'print only the final answer on stdout; progress goes to stderr')
    .option('-o, --output-file <file>', 'also write the final answer to this file')
    .option('--timeout <seconds>', 'stop coordinating after this many seconds; the leader presents', parseSeconds)
    .option(
      '--continue',
      'ask a follow-up in the latest session: its answers go with it, and its team unless you give one',
    )
    .option(
      '--session <id>',
      'ask in the session with this id (or the start of one); a new name starts a session by it',
    )
    .option(
      '--history-tokens <count>',
      `at most this many tokens of the session's earlier turns go with a question (older turns are dropped)`,
      parseCount,
      defaultHistoryTokens,
    )
    .option(
      '--plan',
      'the team only plans: nothing that changes files or runs commands runs; the plan goes to --output-file or .massgen/plans/',
    )
    .option('--plan-and-execute', 'the team plans as with --plan, then carries the plan out in a second run')
    .option('--execute-plan <file>', 'the team carries out an approved plan file (as --plan writes it)')
    .option('--no-record', 'do not write a run record or a session under .massgen/')
    .option('--debug', 'show stack traces for errors')
    .version(cliVersion(), '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', helpFooter);
  configureProgram(program, io);
  return program;
}

async function resolveConfig(options: TeamFlags, io: CliIo, loader: PluginLoader): Promise<MassGenConfig> {
  if ([options.config, options.model, options.example].filter((choice) => choice !== undefined).length > 1) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: 'Use one of --config, --model or --example, not several.',
    });
  }
  let config: MassGenConfig;
  if (options.example !== undefined) {
    config = await loadConfig(prepareExample(options.example, io), { cwd: io.cwd, env: io.env });
  } else if (options.config !== undefined) {
    config = await loadConfig(path.resolve(io.cwd, options.config), { cwd: io.cwd, env: io.env });
  } else if (options.model !== undefined) {
    config = createQuickConfig({
      model: options.model,
      cwd: io.cwd,
      env: io.env,
      backend: options.backend ?? (await inferInstalledBackendType(options.model, io, loader)),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.systemMessage === undefined ? {} : { systemMessage: options.systemMessage }),
    });
  } else {
    const local = createLocalDefaultConfig({
      cwd: io.cwd,
      env: io.env,
      ...(options.systemMessage === undefined ? {} : { systemMessage: options.systemMessage }),
    });
    if (local === undefined) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: 'No team given: pass --config FILE, or --model MODEL for a single agent (see massgen --help).',
      });
    }
    io.stderr.write(`${await localDefaultNotice(local, loader)}\n`);
    config = local;
  }
  if (options.timeout !== undefined)
    config = { ...config, orchestrator: { ...config.orchestrator, timeoutMs: options.timeout * 1000 } };
  return config;
}

/**
 * The backend type a model name implies: a first-party pattern (`claude-*`), else the patterns of the
 * third-party backends installed here, else the type that takes any model. Installed packages are
 * only looked at when no first-party pattern matches.
 */
async function inferInstalledBackendType(model: string, io: CliIo, loader: PluginLoader): Promise<string> {
  const firstParty = inferBackendType(model);
  if (findBackendType(firstParty)?.fallbackForUnknownModels !== true) return firstParty;
  const installed = await installedBackendCatalog(loader, [io.cwd, cliPackageDirectory()]);
  return installed.length === 0 ? firstParty : inferBackendType(model, [...installed, ...backendCatalog]);
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

/** One question in its session: the earlier answered turns go with it, and its run is written down. */
async function runInConversation(
  conversation: Conversation,
  options: Omit<RunCommandOptions, 'history' | 'onEvent' | 'footer'>,
): Promise<RunCommandOutcome> {
  const outcome = await runCoordination({
    ...options,
    history: conversation.history(),
    onEvent: conversation.listener(options.question),
    footer: (result) => (conversation.id === undefined ? undefined : sessionClosingHint(conversation.id, result)),
  });
  conversation.finish(outcome.result);
  return outcome;
}

/** Which of `--plan` and `--plan-and-execute` was given; they, and `--execute-plan`, exclude each other. */
function planningChoice(options: CliOptions): 'plan' | 'plan-and-execute' | undefined {
  const given = [
    options.plan === true ? '--plan' : undefined,
    options.planAndExecute === true ? '--plan-and-execute' : undefined,
    options.executePlan === undefined ? undefined : '--execute-plan',
  ].filter((flag) => flag !== undefined);
  if (given.length > 1)
    throw new MassGenError({ code: 'CONFIG_INVALID', message: `Use one of ${given.join(' and ')}, not both.` });
  if (options.plan === true) return 'plan';
  return options.planAndExecute === true ? 'plan-and-execute' : undefined;
}

/**
 * `--plan`: the team plans, and nothing that changes files, runs commands or acts on outside
 * services runs; the winner's plan is written to a file (`--output-file`, else
 * `.massgen/plans/<run id>.md`) for a person to approve. `--plan-and-execute` then has the team
 * carry it out in a second run, under the configuration as written.
 */
async function planThenExecute(
  conversation: Conversation,
  planning: 'plan' | 'plan-and-execute',
  /** The flags that chose the team, for the hint on how to carry the plan out. */
  teamFlags: string,
  options: Omit<RunCommandOptions, 'history' | 'onEvent' | 'footer'>,
): Promise<number> {
  const { outputFile, ...rest } = options;
  const planned = await runInConversation(conversation, { ...rest, config: withPlanOnly(options.config) });
  const plan = planned.result.finalAnswer;
  if (planned.exitCode !== ExitCode.success || plan === undefined) return planned.exitCode;
  const file =
    planning === 'plan' && outputFile !== undefined
      ? path.resolve(options.io.cwd, outputFile)
      : defaultPlanFile(options.io.cwd, planned.result.runId);
  writePlanFile(file, { question: options.question, content: plan, runId: planned.result.runId });
  const shown = path.relative(options.io.cwd, file) || file;
  if (planning === 'plan') {
    options.io.stderr.write(
      `Plan written to ${shown}; nothing was changed. Review it, then carry it out: massgen ${teamFlags === '' ? '' : `${teamFlags} `}--execute-plan ${shown}\n`,
    );
    return planned.exitCode;
  }
  options.io.stderr.write(`Plan written to ${shown}; the team now carries it out.\n`);
  const executed = await runInConversation(conversation, {
    ...options,
    question: planExecutionQuestion(plan, options.question),
  });
  return executed.exitCode;
}

/** A run's cancellation: the first stop signal (see `SignalHandling`) or the caller's signal. */
function runSignal(
  signals: SignalHandling,
  external: AbortSignal | undefined,
): { signal: AbortSignal; received: StopSignal | undefined; dispose: () => void } {
  const scope = signals.scope();
  return {
    signal: external === undefined ? scope.signal : AbortSignal.any([scope.signal, external]),
    get received() {
      return scope.received;
    },
    dispose: () => scope.dispose(),
  };
}
