import { createNewAnswerTool, createVoteTool, newAnswerToolName, unavailableReason } from './workflow-tools.js';
import type { OfferedTools } from './workflow-tools.js';

/** A workflow call that passed validation. */
export type WorkflowCall =
  { kind: 'new-answer'; content: string } | { kind: 'vote'; label: string; reason: string; confidence?: number };

export type ParsedWorkflowCall = { ok: true; call: WorkflowCall } | { ok: false; problem: string };

/**
 * Checks one workflow call against what its turn offered, with the same schema the tool was
 * offered with. Problems are worded for the agent itself, because they are sent back to it as
 * feedback for its next attempt.
 */
export function parseWorkflowCall(call: { name: string; input: string }, offered: OfferedTools): ParsedWorkflowCall {
  const unavailable = unavailableReason(call.name, offered);
  if (unavailable !== undefined) return { ok: false, problem: unavailable };
  let input: unknown;
  try {
    input = JSON.parse(call.input === '' ? '{}' : call.input);
  } catch {
    return { ok: false, problem: `the arguments of ${call.name} were not valid JSON (${truncate(call.input)})` };
  }
  if (call.name === newAnswerToolName) {
    const checked = createNewAnswerTool().parseInput(input);
    return checked.success
      ? { ok: true, call: { kind: 'new-answer', content: checked.value.content } }
      : failed(checked);
  }
  const checked = createVoteTool(offered.labels).parseInput(input);
  if (!checked.success) return failed(checked);
  const { agent_id: label, reason, confidence } = checked.value;
  return { ok: true, call: { kind: 'vote', label, reason, ...(confidence == null ? {} : { confidence }) } };
}

function failed(checked: { problem: string }): ParsedWorkflowCall {
  // The strategy ends each problem with its own full stop.
  return { ok: false, problem: truncate(checked.problem.replace(/\.$/, ''), 400) };
}

function truncate(text: string, length = 80): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}
