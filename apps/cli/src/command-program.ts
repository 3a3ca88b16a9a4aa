import { Command, CommanderError } from 'commander';
import { toMassGenError } from '@massgen/core';
import type { CliIo } from './cli-io.js';
import { ExitCode, exitCodeForError } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { parsePositiveInteger } from './number-arguments.js';

/**
 * Makes a `massgen` command write its help and usage errors through `io` and throw instead of
 * exiting, so that the caller chooses the exit code (and tests see the output).
 */
export function configureProgram(program: Command, io: CliIo): void {
  program.exitOverride().configureOutput({
    writeOut: (text) => io.stdout.write(text),
    writeErr: (text) => io.stderr.write(text),
  });
}

/**
 * Ends the options of a command that runs something: `--debug` for stack traces, `-h, --help`
 * and `footer` below the help; then configured as configureProgram does.
 */
export function withDebugAndHelp(program: Command, io: CliIo, footer: string): Command {
  program
    .option('--debug', 'show stack traces for errors')
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', footer);
  configureProgram(program, io);
  return program;
}

/**
 * A `massgen <command>` over stored things (runs, sessions) whose default subcommand `list` shows
 * the newest `--limit` of them; the caller adds that subcommand's action and the other subcommands.
 */
export function listingProgram(
  io: CliIo,
  name: string,
  description: string,
  list: { description: string; things: string },
): { program: Command; list: Command } {
  const program = new Command(name).description(description);
  configureProgram(program, io);
  const listCommand = program
    .command('list', { isDefault: true })
    .description(list.description)
    .option('-n, --limit <count>', `show at most this many ${list.things}`, parsePositiveInteger, 20);
  return { program, list: listCommand };
}

/**
 * What a command says when it fails, and its exit code: nothing more for a usage error (commander
 * has said it), else `massgen <command>: <why>`, with the stack trace under `--debug`.
 */
export function reportError(error: unknown, io: CliIo, debug: boolean, command: string): ExitCodeValue {
  if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.success : ExitCode.configError;
  const failure = toMassGenError(error);
  io.stderr.write(`${command}: ${failure.message}\n`);
  if (debug && error instanceof Error && error.stack !== undefined) io.stderr.write(`${error.stack}\n`);
  return exitCodeForError(failure);
}

/**
 * Parses `args` with `program` and runs `action` on the options, turning a failure into what
 * reportError says and its exit code; `--debug` among the arguments shows the stack trace even
 * when parsing itself fails.
 */
export async function runProgram<Options extends { debug?: boolean }>(
  program: Command,
  args: readonly string[],
  io: CliIo,
  action: (options: Options) => Promise<number>,
): Promise<number> {
  let debug = args.includes('--debug');
  try {
    program.parse([...args], { from: 'user' });
    const options = program.opts<Options>();
    debug = options.debug === true;
    return await action(options);
  } catch (error) {
    return reportError(error, io, debug, program.name());
  }
}
