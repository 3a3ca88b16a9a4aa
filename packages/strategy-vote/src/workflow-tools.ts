import type { ToolDefinition } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import type { DefinedTool } from '@massgen/tool-utils';
import { z } from 'zod';

export const newAnswerToolName = 'new_answer';
export const voteToolName = 'vote';

export function isWorkflowToolName(name: string): boolean {
  return name === newAnswerToolName || name === voteToolName;
}

const newAnswerInput = z.strictObject({
  content: z
    .string()
    .refine((content) => content.trim() !== '', 'expected a non-empty answer')
    .describe('The whole answer, written for the user who asked the task.'),
});

let newAnswerTool: DefinedTool<z.output<typeof newAnswerInput>> | undefined;

/**
 * The tool an agent calls to submit a complete answer of its own. Made once: its JSON Schema
 * is the same for every turn, and a team of fifty asks for it hundreds of times a run.
 */
export function createNewAnswerTool(): DefinedTool<z.output<typeof newAnswerInput>> {
  newAnswerTool ??= defineTool({
    name: newAnswerToolName,
    description:
      'Submit your complete answer to the task. It replaces any answer you submitted before and is shown ' +
      'to the other agents. Calling this ends your turn.',
    inputSchema: newAnswerInput,
  });
  return newAnswerTool;
}

function voteInput(labels: readonly string[]) {
  return z.strictObject({
    agent_id: z
      .enum(labels, { error: `expected the label of one of the answers: ${labels.join(', ')}` })
      .describe('Label of the agent whose answer you vote for.'),
    reason: z.string().describe('Why this answer is the best one, in a sentence or two.'),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .nullish()
      .describe('How sure you are that this answer is the best, from 0 to 1.'),
  });
}

type VoteTool = DefinedTool<z.output<ReturnType<typeof voteInput>>>;

/**
 * Vote tools by their labels: most turns of a run offer a set of labels another turn offered
 * already, and building a tool's JSON Schema costs more than the rest of a turn's request.
 * Bounded, as labels change with every new answer.
 */
const voteTools = new Map<string, VoteTool>();
const voteToolLimit = 256;

/**
 * The tool an agent calls to back an existing answer. `labels` are the anonymous labels of the
 * agents that have an answer now; the enum keeps models from inventing other names.
 */
export function createVoteTool(labels: readonly string[]): VoteTool {
  const key = labels.join('\n');
  const known = voteTools.get(key);
  if (known !== undefined) return known;
  const tool = defineTool({
    name: voteToolName,
    description:
      'Vote for the existing answer that best solves the task, your own included. Calling this ends your turn.',
    inputSchema: voteInput(labels),
  });
  if (voteTools.size >= voteToolLimit) voteTools.delete(voteTools.keys().next().value as string);
  voteTools.set(key, tool);
  return tool;
}

/** What a turn offers: `vote` only when answers exist, `new_answer` unless the agent is at its cap. */
export interface OfferedTools {
  labels: readonly string[];
  newAnswer: boolean;
}

/** Whether a turn offered the workflow tool `name`; the runtime ends a turn only on those. */
export function isOffered(name: string, offered: OfferedTools): boolean {
  if (name === newAnswerToolName) return offered.newAnswer;
  if (name === voteToolName) return offered.labels.length > 0;
  return false;
}

/** Why a workflow tool was not offered, worded for the agent; undefined when it was. */
export function unavailableReason(name: string, offered: OfferedTools): string | undefined {
  if (isOffered(name, offered)) return undefined;
  if (name === newAnswerToolName)
    return `${newAnswerToolName} is not available in this turn: you have submitted as many answers as allowed`;
  if (name === voteToolName) return `${voteToolName} is not available in this turn because no answers exist yet`;
  return `${name} is not a workflow tool; use ${newAnswerToolName} or ${voteToolName}`;
}

export function workflowToolsFor(offered: OfferedTools): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  if (offered.newAnswer) tools.push(createNewAnswerTool());
  if (offered.labels.length > 0) tools.push(createVoteTool(offered.labels));
  return tools;
}
