import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MediaPart, Message, RunEvent } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { initialRunStatus, reduceRunStatus, run } from '@massgen/runtime';
import type { ResumableRun, RunResult, RunStatus } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { chooseDisplay } from './display-choice.js';
import type { DisplayMode } from './display-choice.js';
import { ExitCode, exitCodeForStopReason } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { openRunDisplay } from './run-display.js';
import { displayPath, formatRunSummary } from './run-summary.js';

export interface RunCommandOptions {
  config: MassGenConfig;
  question: string;
  io: CliIo;
  pluginSearchPaths: string[];
  /** Print only the final answer on stdout; progress still goes to stderr. */
  quiet: boolean;
  outputFile?: string;
  record: boolean;
  signal: AbortSignal;
  /** Overrides the display chosen from the configuration, `quiet` and the terminal. */
  display?: DisplayMode;
  /** Earlier turns of an interactive session. */
  history?: Message[];
  /** Images and files for every agent, loaded once (`--image`, `--file`, `/attach`). */
  attachments?: readonly MediaPart[];
  /** Where the live display reads keys; defaults to the process's stdin. */
  stdin?: NodeJS.ReadStream;
  /** Sees every event after the display (a session writes down the run's id from `run-start`). */
  onEvent?: (event: RunEvent) => void;
  /** A stopped run to go on with (`massgen resume`) instead of starting a new one. */
  resume?: ResumableRun;
  /** A last line for the summary on stderr, asked for once the run has ended. */
  footer?: (result: RunResult) => string | undefined;
}

export interface RunCommandOutcome {
  exitCode: ExitCodeValue;
  result: RunResult;
}

/**
 * Runs the team on one question with the chosen display, the answer on stdout and a summary
 * after, and hands back the run's result (a session keeps its answers).
 */
export async function runCoordination(options: RunCommandOptions): Promise<RunCommandOutcome> {
  const { io } = options;
  const mode =
    options.display ??
    chooseDisplay({
      configured: options.config.display.type,
      displayFlag: !options.quiet,
      stdoutIsTerminal: (io.stdout as NodeJS.WriteStream).isTTY === true,
      env: io.env,
    });
  const display = await openRunDisplay(mode, {
    io,
    settings: options.config.display,
    stdin: options.stdin ?? process.stdin,
    forceQuit: () => process.exit(ExitCode.interrupted),
  });
  let status: RunStatus = initialRunStatus('', Date.now());
  let result: RunResult;
  try {
    result = await run(options.config, options.question, {
      cwd: io.cwd,
      signal: AbortSignal.any([options.signal, display.cancel]),
      answerNow: display.answerNow,
      pluginSearchPaths: options.pluginSearchPaths,
      // Every command that runs a team prints the configuration's warnings when it loads the file.
      configWarningsShown: true,
      ...(options.history === undefined ? {} : { history: options.history }),
      ...(options.attachments === undefined ? {} : { attachments: options.attachments }),
      ...(options.record ? {} : { record: false as const }),
      ...(options.resume === undefined ? {} : { resume: options.resume }),
      ...(display.humanMessages === undefined ? {} : { humanMessages: display.humanMessages }),
      ...(display.askHuman === undefined ? {} : { askHuman: display.askHuman }),
      onEvent: (event) => {
        status = reduceRunStatus(status, event);
        display.onEvent(event);
        options.onEvent?.(event);
      },
    });
  } finally {
    await display.close();
  }
  if (result.finalAnswer !== undefined) {
    io.stdout.write(result.finalAnswer.endsWith('\n') ? result.finalAnswer : `${result.finalAnswer}\n`);
    if (options.outputFile !== undefined) writeFileSync(path.resolve(io.cwd, options.outputFile), result.finalAnswer);
  }
  if (mode === 'live' || mode === 'simple') {
    io.stderr.write(
      `\n${formatRunSummary({ ...status, ...(result.recordDirectory === undefined ? {} : { recordDirectory: result.recordDirectory }) }, io.cwd)}`,
    );
  } else if (mode === 'quiet' && result.recordDirectory !== undefined) {
    io.stderr.write(`Run record: ${displayPath(result.recordDirectory, io.cwd)}\n`);
  } else if (mode === 'silent' && result.error !== undefined) {
    io.stderr.write(`massgen: ${result.error.message}\n`);
  }
  const footer = mode === 'silent' ? undefined : options.footer?.(result);
  if (footer !== undefined) io.stderr.write(`${footer}\n`);
  const failureCodes = Object.values(status.agents).map((agent) => agent.error?.code ?? 'none');
  return { exitCode: exitCodeForStopReason(result.stopReason, result.finalAnswer !== undefined, failureCodes), result };
}
