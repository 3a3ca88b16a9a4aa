import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { findRunRecord, listRunRecords, runsRoot } from '@massgen/runtime';
import type { RunRecordEntry } from '@massgen/runtime';
import { exportRunHtml } from './run-html-export.js';
import { formatTable, oneLine } from './text-table.js';
import { displayPath, formatRunSummary, wallTimeMs } from './run-summary.js';
import { listingProgram, reportError } from './command-program.js';

/** `massgen logs [list]` and `massgen logs show <id|latest>`: past runs from `.massgen/runs`. */
export async function logsCommand(args: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  let exitCode: ExitCodeValue = ExitCode.success;
  const { program, list } = listingProgram(
    io,
    'massgen logs',
    'List the runs recorded under .massgen/runs, show one, or export one.',
    { description: 'list recorded runs, newest first', things: 'runs' },
  );
  list.action((options: { limit: number }) => {
    io.stdout.write(formatRunList(listRunRecords(runsRoot(io.cwd)), options.limit, io.cwd));
  });
  program
    .command('show')
    .description('show one run: its summary and final answer')
    .argument('<run>', '"latest", a run id, or the start of one')
    .action((reference: string) => {
      const record = findRunRecord(listRunRecords(runsRoot(io.cwd)), reference);
      io.stdout.write(formatRunDetails(record, io.cwd));
    });
  program
    .command('export')
    .description('write one run as a file to share')
    .argument('<run>', '"latest", a run id, or the start of one')
    .requiredOption('--html', 'as one self-contained HTML page (opens with no server, loads nothing)')
    .option('-o, --output <file>', 'where to write it (default: <run id>.html here)')
    .action((reference: string, options: { output?: string }) => {
      const record = findRunRecord(listRunRecords(runsRoot(io.cwd)), reference);
      const file = path.resolve(io.cwd, options.output ?? `${record.runId}.html`);
      const { warnings } = exportRunHtml(record.directory, file);
      for (const warning of warnings) io.stderr.write(`warning: ${warning}\n`);
      io.stderr.write(`Wrote ${displayPath(file, io.cwd)}\n`);
    });
  try {
    await program.parseAsync([...args], { from: 'user' });
  } catch (error) {
    exitCode = reportError(error, io, false, 'massgen logs');
  }
  return exitCode;
}

/** One line per run, newest first: id, when, how long, how it ended, the winner, the task. */
export function formatRunList(records: readonly RunRecordEntry[], limit: number, cwd: string): string {
  if (records.length === 0) return `No runs are recorded in ${displayPath(runsRoot(cwd), cwd)} yet.\n`;
  const shown = [...records].reverse().slice(0, limit);
  const rows = shown.map((record) => {
    const status = record.status;
    if (status === undefined)
      return [record.runId, '', '', `unreadable: ${record.problem ?? 'unknown problem'}`, '', ''];
    const result = status.state === 'finished' ? (status.stopReason ?? 'error') : 'unfinished';
    return [
      record.runId,
      status.startedAt.replace('T', ' ').slice(0, 19),
      `${(Math.max(0, wallTimeMs(status)) / 1000).toFixed(1)}s`,
      result,
      status.winnerAgentId ?? '-',
      oneLine(status.task, 50),
    ];
  });
  const header = ['RUN', 'STARTED (UTC)', 'TIME', 'RESULT', 'WINNER', 'TASK'];
  const more =
    records.length > shown.length ? `(${records.length - shown.length} older runs not shown; use --limit)\n` : '';
  return `${formatTable(header, rows)}\n${more}`;
}

/** A run's task, its summary and its final answer, as `massgen logs show` prints them. */
export function formatRunDetails(record: RunRecordEntry, cwd: string): string {
  if (record.status === undefined) {
    throw new MassGenError({
      code: 'INTERNAL',
      message: `Run ${record.runId} cannot be shown: ${record.problem ?? 'its status is unreadable'} in ${displayPath(record.directory, cwd)}.`,
    });
  }
  const status = record.status;
  const lines = [
    `Run ${record.runId}`,
    `Task: ${status.task}`,
    `Started: ${status.startedAt} · strategy: ${status.strategy}`,
    '',
  ];
  let text = `${lines.join('\n')}\n${formatRunSummary(status, cwd)}`;
  const final = path.join(record.directory, 'final.md');
  if (existsSync(final)) {
    const answer = readFileSync(final, 'utf8');
    text += `\nFinal answer:\n${answer.endsWith('\n') ? answer : `${answer}\n`}`;
  }
  return text;
}
