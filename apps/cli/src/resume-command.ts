import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { MassGenError } from '@massgen/core';
import type { MediaPart } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import {
  SessionStore,
  defaultHistoryTokens,
  findRunRecord,
  listRunRecords,
  loadAttachments,
  readResumableRun,
  runsRoot,
  sessionsRoot,
} from '@massgen/runtime';
import type { AttachmentRequest, ResumableRun, RunRecordEntry } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode } from './exit-codes.js';
import { parseCount, parseSeconds } from './number-arguments.js';
import type { ExitCodeValue } from './exit-codes.js';
import { runCoordination } from './run-command.js';
import { openConversation, teamForSession } from './session-choice.js';
import type { SessionFlags } from './session-choice.js';
import { configureProgram, reportError } from './command-program.js';

interface ResumeOptions {
  config?: string;
  display: boolean;
  timeout?: number;
  historyTokens: number;
}

export interface ResumeCommandContext {
  io: CliIo;
  signal: AbortSignal;
  /** Loads the team from the flags, as the main command does. */
  resolveTeam: (flags: SessionFlags) => Promise<MassGenConfig>;
}

const helpFooter = `
A run stopped by Ctrl-C, a signal, a timeout, a budget, max_rounds, or a crash (even one killed
with SIGKILL while writing its record) goes on from its record under .massgen/runs/<run id>/:
the same run id and record, its answers and the votes still valid kept, the agents restarted on
them, and its spending counted toward the budgets (the time limit starts again). The team is the
one its session was started with, unless --config gives another with the same agents.`;

/** `massgen resume [RUN]`: goes on with a run that stopped before it concluded. */
export async function resumeCommand(args: readonly string[], context: ResumeCommandContext): Promise<ExitCodeValue> {
  const { io } = context;
  const program = new Command('massgen resume')
    .description('Go on with a run that was cancelled, timed out or crashed, from its record.')
    .argument('[run]', 'a run id or the start of one (default: the latest run that can be resumed)')
    .option('-c, --config <file>', "the team's configuration (default: the one the run's session used)")
    .option('--no-display', 'print only the final answer on stdout; progress goes to stderr')
    .option('--timeout <seconds>', 'stop coordinating after this many more seconds; the leader presents', parseSeconds)
    .option(
      '--history-tokens <count>',
      "at most this many tokens of the session's earlier turns go with the question",
      parseCount,
      defaultHistoryTokens,
    )
    .addHelpText('after', helpFooter);
  configureProgram(program, io);
  let exitCode: ExitCodeValue = ExitCode.success;
  program.action(async (reference: string | undefined, options: ResumeOptions) => {
    exitCode = await resume(reference, options, context);
  });
  try {
    await program.parseAsync([...args], { from: 'user' });
    return exitCode;
  } catch (error) {
    return reportError(error, io, false, 'massgen resume');
  }
}

async function resume(
  reference: string | undefined,
  options: ResumeOptions,
  { io, signal, resolveTeam }: ResumeCommandContext,
): Promise<ExitCodeValue> {
  const records = listRunRecords(runsRoot(io.cwd));
  const stopped =
    reference === undefined ? latestResumable(records) : readResumableRun(findRunRecord(records, reference).directory);
  const session = new SessionStore(sessionsRoot(io.cwd)).findByRun(stopped.runId);
  const given: SessionFlags = {
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    historyTokens: options.historyTokens,
    record: true,
  };
  const flags = teamForSession(given, session);
  if (flags.config === undefined && flags.model === undefined && flags.example === undefined) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Run ${stopped.runId} belongs to no stored session, so its team is not known here: give it with --config FILE.`,
    });
  }
  const config = await resolveTeam(flags);
  io.stderr.write(
    `Resuming run ${stopped.runId} (${stopped.stoppedBy === 'killed' ? 'its process died' : stopped.stoppedBy}): ${stopped.task}\n`,
  );
  const conversation = openConversation(flags, session, io);
  const earlier = session?.turns() ?? [];
  const before = earlier.slice(
    0,
    Math.max(
      0,
      earlier.findIndex((turn) => turn.runId === stopped.runId),
    ),
  );
  const { exitCode, result } = await runCoordination({
    config,
    question: stopped.task,
    io,
    pluginSearchPaths: [cliPackageDirectory()],
    quiet: !options.display,
    record: true,
    signal,
    history: conversation.historyOf(before),
    attachments: await recordedAttachments(stopped, signal),
    resume: stopped,
    footer: () => (session === undefined ? undefined : `Session ${session.id}: the run's answer is part of it again.`),
  });
  conversation.finish(result);
  return exitCode;
}

/** The newest run that stopped before it concluded. */
function latestResumable(records: readonly RunRecordEntry[]): ResumableRun {
  for (const record of [...records].reverse()) {
    try {
      return readResumableRun(record.directory);
    } catch {
      // Finished or unreadable: an older run may still be one to go on with.
    }
  }
  throw new MassGenError({
    code: 'CONFIG_INVALID',
    message:
      'No run recorded here stopped before it concluded, so there is none to resume (massgen logs lists the runs).',
  });
}

/** The question's attachments, from the copies the record keeps (or their paths and URLs). */
async function recordedAttachments(stopped: ResumableRun, signal: AbortSignal): Promise<MediaPart[]> {
  const list = path.join(stopped.directory, 'attachments.json');
  if (!existsSync(list)) return [];
  const listed = JSON.parse(readFileSync(list, 'utf8')) as Array<{
    type: string;
    file?: string;
    path?: string;
    url?: string;
  }>;
  const requests: AttachmentRequest[] = listed.flatMap((entry) => {
    const source = entry.file === undefined ? (entry.path ?? entry.url) : path.join(stopped.directory, entry.file);
    return source === undefined ? [] : [{ source, kind: entry.type === 'image' ? 'image' : 'file' }];
  });
  return loadAttachments(requests, { cwd: stopped.directory, signal });
}
