import type { Tool, ToolResult } from '@massgen/core';
import { toMassGenError } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import { z } from 'zod';
import { judgeCommand } from './command-policy.js';
import type { CommandPolicy } from './command-policy.js';
import type { CommandLaunch } from './command-launch.js';
import { runCommand } from './command-runner.js';
import type { CommandRunResult } from './command-runner.js';

export const defaultCommandTimeoutSeconds = 60;
export const maximumCommandTimeoutSeconds = 600;
const output = { headCharacters: 12_000, tailCharacters: 4_000 };

export interface CommandToolOptions {
  /** Real path of the agent's workspace, where every command runs. */
  workspace: string;
  policy: CommandPolicy;
  /** False once the run has ended; a late call is refused. */
  isOpen: () => boolean;
  /** Where commands run, for the tool's description; `local` when absent. */
  confinement?: 'sandbox' | 'docker' | 'local';
  /** How each command starts, asked again for each command; unconfined when absent. */
  launch?: () => CommandLaunch;
}

const confinementNotes = {
  sandbox:
    ' Commands run in a sandbox: your workspace is writable, context paths are readable (or writable where allowed), the system directories are read-only, the rest of the machine (home directory included) is absent, and there is no network unless it was configured.',
  docker:
    ' Commands run in a fresh container each time: your workspace and context paths are mounted at the same paths; nothing else persists between commands.',
  local: '',
} as const;

/** `execute_command`: runs a shell command line in the agent's workspace. */
export function createCommandTool(options: CommandToolOptions): Tool {
  const limits = [
    options.policy.allowed.length === 0
      ? ''
      : ` Only commands matching these patterns may run: ${options.policy.allowed.map((pattern) => JSON.stringify(pattern.source)).join(', ')}.`,
    options.policy.blocked.length === 0
      ? ''
      : ` Blocked: ${options.policy.blocked.map((pattern) => JSON.stringify(pattern.source)).join(', ')}.`,
  ].join('');
  return defineTool({
    name: 'execute_command',
    description:
      `Run a shell command line (sh -c) in your workspace and get its exit code and output (long output is shortened in the middle). ` +
      `No input is given; anything still running when the time limit passes is killed.${confinementNotes[options.confinement ?? 'local']}${limits}`,
    inputSchema: z.strictObject({
      command: z.string().describe('The command line, such as "python3 -m pytest -q".'),
      timeout_seconds: z
        .int()
        .min(1)
        .max(maximumCommandTimeoutSeconds)
        .optional()
        .describe(`Time limit in seconds. Defaults to ${defaultCommandTimeoutSeconds}.`),
    }),
    async execute(input, context): Promise<ToolResult> {
      const { command } = input;
      const timeoutSeconds = input.timeout_seconds ?? defaultCommandTimeoutSeconds;
      try {
        if (!options.isOpen()) return { content: 'The run has ended; no more commands run.', isError: true };
        const verdict = judgeCommand(command, options.policy);
        if (!verdict.allowed) return { content: `Command refused: ${verdict.reason}.`, isError: true };
        const result = await runCommand({
          command,
          cwd: options.workspace,
          timeoutMs: timeoutSeconds * 1000,
          signal: context.signal,
          output,
          ...(options.launch === undefined ? {} : { launch: options.launch() }),
        });
        return { content: describeRun(command, result, timeoutSeconds), isError: result.exitCode !== 0 };
      } catch (error) {
        return { content: `execute_command failed: ${toMassGenError(error).message}`, isError: true };
      }
    },
  });
}

function describeRun(command: string, result: CommandRunResult, timeoutSeconds: number): string {
  const seconds = (result.durationMs / 1000).toFixed(1);
  let status: string;
  if (result.timedOut) status = `stopped: it ran past the ${timeoutSeconds} s time limit`;
  else if (result.cancelled) status = 'stopped: the call was cancelled';
  else if (result.exitCode === null) status = `ended by signal ${result.signalName ?? 'unknown'}`;
  else status = `exit code ${result.exitCode}`;
  const sections = [`$ ${command}`, `${status} (${seconds} s)`];
  if (result.stdout !== '') sections.push(`--- stdout ---\n${result.stdout}`);
  if (result.stderr !== '') sections.push(`--- stderr ---\n${result.stderr}`);
  if (result.stdout === '' && result.stderr === '') sections.push('(no output)');
  return sections.join('\n');
}
