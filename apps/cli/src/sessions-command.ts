import { MassGenError } from '@massgen/core';
import { SessionStore, sessionsRoot } from '@massgen/runtime';
import type { Session, SessionSummary } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { formatTable, oneLine } from './text-table.js';
import { displayPath } from './run-summary.js';
import { listingProgram, reportError } from './command-program.js';

/** `massgen sessions [list]` and `massgen sessions show <id>`: the sessions under `.massgen/sessions`. */
export async function sessionsCommand(args: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  const store = new SessionStore(sessionsRoot(io.cwd));
  const { program, list } = listingProgram(
    io,
    'massgen sessions',
    'List the sessions under .massgen/sessions (massgen --continue goes on with the latest, --session ID with one), or show one.',
    { description: 'list sessions, most recently used first', things: 'sessions' },
  );
  list
    .option('--json', 'print every session as JSON (id, first question, turns, tokens, cost, created, last used)')
    .action((options: { limit: number; json?: boolean }) => {
      const summaries = store
        .list()
        .reverse()
        .map((session) => session.summary());
      if (options.json === true) io.stdout.write(`${JSON.stringify(summaries, null, 2)}\n`);
      else io.stdout.write(formatSessionList(summaries, options.limit, io.cwd));
    });
  program
    .command('show')
    .description("show one session's questions, how each run ended, and its answers")
    .argument('<session>', '"latest", a session id, or the start of one')
    .option('--json', 'print the session and its turns as JSON')
    .action((reference: string, options: { json?: boolean }) => {
      const session = reference === 'latest' ? store.latest() : store.find(reference);
      if (session === undefined) {
        throw new MassGenError({
          code: 'CONFIG_INVALID',
          message: `No session "${reference}" is stored in ${displayPath(store.root, io.cwd)}; massgen sessions lists them.`,
        });
      }
      if (options.json === true)
        io.stdout.write(`${JSON.stringify({ ...session.summary(), turns: session.turns() }, null, 2)}\n`);
      else io.stdout.write(formatSessionDetails(session, io.cwd));
    });
  try {
    await program.parseAsync([...args], { from: 'user' });
    return ExitCode.success;
  } catch (error) {
    return reportError(error, io, false, 'massgen sessions');
  }
}

/** One line per session, most recently used first: id, last used, turns, cost, first question. */
export function formatSessionList(summaries: readonly SessionSummary[], limit: number, cwd: string): string {
  if (summaries.length === 0)
    return `No sessions are stored in ${displayPath(sessionsRoot(cwd), cwd)} yet; every question asked starts or continues one.\n`;
  const shown = summaries.slice(0, limit);
  const rows = shown.map((summary) => [
    summary.id,
    summary.lastUsedAt.replace('T', ' ').slice(0, 19),
    String(summary.turns),
    summary.costUsd === undefined
      ? `${summary.tokens.toLocaleString('en-US')} tokens`
      : `$${summary.costUsd.toFixed(4)}`,
    oneLine(summary.firstQuestion ?? '', 60),
  ]);
  const header = ['SESSION', 'LAST USED (UTC)', 'TURNS', 'COST', 'FIRST QUESTION'];
  const more =
    summaries.length > shown.length
      ? `(${summaries.length - shown.length} older sessions not shown; use --limit)\n`
      : '';
  return `${formatTable(header, rows)}\n${more}`;
}

function formatSessionDetails(session: Session, cwd: string): string {
  const summary = session.summary();
  const lines = [
    `Session ${session.id}`,
    `Created: ${summary.createdAt} · last used: ${summary.lastUsedAt} · turns: ${summary.turns}`,
  ];
  for (const [index, turn] of session.turns().entries()) {
    const ended = turn.stopReason ?? 'unfinished (massgen resume continues it)';
    lines.push(
      '',
      `${index + 1}. ${turn.question}`,
      `   run ${turn.runId} · ${ended}${turn.recordDirectory === undefined ? '' : ` · record ${displayPath(turn.recordDirectory, cwd)}`}`,
    );
    if (turn.finalAnswer !== undefined) lines.push(...turn.finalAnswer.split('\n').map((text) => `   ${text}`));
  }
  return `${lines.join('\n')}\n`;
}
