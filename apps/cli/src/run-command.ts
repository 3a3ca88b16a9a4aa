import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MassGenConfig } from '@massgen/config';
import { run } from '@massgen/runtime';
import type { RunResult } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { exitCodeForStopReason } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { ProgressLines } from './progress-lines.js';

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
}

/** Runs the team on one question with plain progress on stderr and the answer on stdout. */
export async function runCommand(options: RunCommandOptions): Promise<ExitCodeValue> {
  const { io } = options;
  const progress = new ProgressLines();
  const result = await run(options.config, options.question, {
    cwd: io.cwd,
    signal: options.signal,
    pluginSearchPaths: options.pluginSearchPaths,
    ...(options.record ? {} : { record: false as const }),
    onEvent: (event) => {
      const line = progress.describe(event);
      if (line !== undefined) io.stderr.write(`${line}\n`);
    },
  });
  if (result.finalAnswer !== undefined) {
    io.stdout.write(result.finalAnswer.endsWith('\n') ? result.finalAnswer : `${result.finalAnswer}\n`);
    if (options.outputFile !== undefined) writeFileSync(path.resolve(io.cwd, options.outputFile), result.finalAnswer);
  }
  if (!options.quiet) io.stderr.write(summary(result, io.cwd));
  else if (result.recordDirectory !== undefined) io.stderr.write(`Run record: ${path.relative(io.cwd, result.recordDirectory)}\n`);
  return exitCodeForStopReason(result.stopReason, result.finalAnswer !== undefined);
}

function summary(result: RunResult, cwd: string): string {
  const lines = ['', `Stop reason: ${result.stopReason}`];
  if (result.winnerAgentId !== undefined) lines.push(`Winner: ${result.winnerAgentId}`);
  if (result.votes.length > 0) {
    lines.push(`Votes: ${result.votes.map((vote) => `${vote.agentId} → ${vote.targetAgentId}`).join(', ')}`);
  }
  for (const entry of result.usage) {
    const tokens = (entry.usage.inputTokens ?? 0) + (entry.usage.outputTokens ?? 0);
    lines.push(`  ${entry.agentId}: ${tokens} tokens in ${entry.calls} call${entry.calls === 1 ? '' : 's'}${entry.costUsd === undefined ? '' : `, $${entry.costUsd.toFixed(4)}`}`);
  }
  lines.push(`Time: ${(result.durationMs / 1000).toFixed(1)}s`);
  if (result.recordDirectory !== undefined) lines.push(`Run record: ${path.relative(cwd, result.recordDirectory)}`);
  return `${lines.join('\n')}\n`;
}
