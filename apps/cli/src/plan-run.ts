import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { runInConversation } from './conversation-run.js';
import type { ConversationRunOptions } from './conversation-run.js';
import { ExitCode } from './exit-codes.js';
import { defaultPlanFile, planExecutionQuestion, withPlanOnly, writePlanFile } from './plan-mode.js';
import type { Conversation } from './session-conversation.js';

/** The planning flags of the command line. */
export interface PlanningFlags {
  plan?: boolean;
  planAndExecute?: boolean;
  executePlan?: string;
}

/** Which of `--plan` and `--plan-and-execute` was given; they, and `--execute-plan`, exclude each other. */
export function planningChoice(options: PlanningFlags): 'plan' | 'plan-and-execute' | undefined {
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
export async function planThenExecute(
  conversation: Conversation,
  planning: 'plan' | 'plan-and-execute',
  /** The flags that chose the team, for the hint on how to carry the plan out. */
  teamFlags: string,
  options: ConversationRunOptions,
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
