import type { ToolDefinition } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import type { DefinedTool } from '@massgen/tool-utils';
import { z } from 'zod';

/** The two calls that end the winner's review of its final answer (`max_orchestration_restarts`). */
export const submitToolName = 'submit';
export const restartToolName = 'restart_orchestration';

export function isReviewToolName(name: string): boolean {
  return name === submitToolName || name === restartToolName;
}

const submitInput = z.strictObject({
  confirmed: z.boolean().nullish().describe('True: the final answer is ready for the user.'),
});

const required = (what: string) =>
  z.string({ error: `expected ${what}` }).refine((text) => text.trim() !== '', `expected ${what}, not an empty text`);

const restartInput = z.strictObject({
  reason: required('the reason').describe('What is wrong with or missing from the final answer.'),
  instructions: required('the instructions').describe(
    'What the team should do differently in the next attempt, specifically enough to act on.',
  ),
});

let tools: { submit: DefinedTool<z.output<typeof submitInput>>; restart: DefinedTool<z.output<typeof restartInput>> };

function reviewTools(): typeof tools {
  tools ??= {
    submit: defineTool({
      name: submitToolName,
      description: 'Give the final answer to the user as it is. Calling this ends your turn.',
      inputSchema: submitInput,
    }),
    restart: defineTool({
      name: restartToolName,
      description:
        'Start the whole coordination again because the final answer falls short: every agent begins a new attempt ' +
        'with your reason, your instructions and this answer in view, and the answers and votes so far are cleared. ' +
        'Calling this ends your turn.',
      inputSchema: restartInput,
    }),
  };
  return tools;
}

export function reviewToolDefinitions(): ToolDefinition[] {
  const { submit, restart } = reviewTools();
  return [submit, restart];
}

/** What the winner decided about its final answer. */
export type ReviewCall =
  | { kind: 'submit' }
  | { kind: 'restart'; reason: string; instructions: string }
  /** A restart call that could not be read; `problem` says why, and the answer is submitted. */
  | { kind: 'unreadable'; problem: string };

/** Reads the first review call of a turn; none at all is a submit, as upstream treats it. */
export function readReviewCall(calls: ReadonlyArray<{ name: string; input: string }>): ReviewCall {
  const call = calls[0];
  if (call === undefined || call.name !== restartToolName) return { kind: 'submit' };
  let input: unknown;
  try {
    input = JSON.parse(call.input === '' ? '{}' : call.input);
  } catch {
    return { kind: 'unreadable', problem: 'its arguments were not valid JSON' };
  }
  const checked = reviewTools().restart.parseInput(input);
  if (!checked.success) return { kind: 'unreadable', problem: checked.problem.replace(/\.$/, '') };
  return { kind: 'restart', reason: checked.value.reason.trim(), instructions: checked.value.instructions.trim() };
}
