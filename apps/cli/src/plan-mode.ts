import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import type { MassGenConfig, ToolPackageConfig } from '@massgen/config';

/**
 * The configuration of a `--plan` run: the planning package on, in plan-only form, whatever the
 * file says about planning. The agents keep task lists, and no tool that changes files, runs
 * commands or acts on outside services runs for any agent, the presenter included.
 */
export function withPlanOnly(config: MassGenConfig): MassGenConfig {
  const existing = config.tools.find((entry) => entry.name === 'planning');
  const planning: ToolPackageConfig = {
    ...(existing ?? { name: 'planning', agents: [] }),
    run: {
      ...(existing?.run ?? { segments: ['orchestrator', 'coordination'] }),
      settings: { ...existing?.run?.settings, plan_only: true },
    },
  };
  return {
    ...config,
    tools:
      existing === undefined
        ? [...config.tools, planning]
        : config.tools.map((entry) => (entry === existing ? planning : entry)),
  };
}

/** Where `--plan` writes the plan when `--output-file` names no file: `.massgen/plans/<run id>.md`. */
export function defaultPlanFile(cwd: string, runId: string): string {
  return path.join(cwd, '.massgen', 'plans', `${runId}.md`);
}

/** The plan as a file for a person to read, edit and approve, with the task it is for. */
export function writePlanFile(file: string, plan: { question: string; content: string; runId: string }): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `# Task\n\n${plan.question.trim()}\n\n## Plan\n\n${plan.content.trim()}\n\n` +
      `<!-- Made by massgen --plan (run ${plan.runId}); nothing was changed. Edit the plan as you like; ` +
      `massgen --execute-plan FILE carries it out. -->\n`,
  );
}

/** The question that has a team carry out an approved plan file (as `--plan` wrote it, or any text). */
export function executionQuestion(planFile: string, cwd: string, question: string | undefined): string {
  const file = path.resolve(cwd, planFile);
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `--execute-plan: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  if (text === '') throw new MassGenError({ code: 'CONFIG_INVALID', message: `--execute-plan: ${file} is empty.` });
  return planExecutionQuestion(text.replace(/<!--[\s\S]*?-->/g, '').trim(), question);
}

/** Asks the team to carry out `plan`, approved by the person, for the task it names (or `question`). */
export function planExecutionQuestion(plan: string, question: string | undefined): string {
  const task = question === undefined || question.trim() === '' ? '' : `The task: ${question.trim()}\n\n`;
  return `${task}Carry out the plan below; a person has approved it. Follow its steps in order and use your tools to make the changes it describes. Where a step turns out to be wrong or impossible, do what the task needs instead and say what you changed and why. Answer with what was done.\n\n${plan}`;
}
