import { newAnswerToolName, unavailableReason, voteToolName } from './workflow-tools.js';
import type { OfferedTools } from './workflow-tools.js';

/** A workflow call that passed validation. */
export type WorkflowCall =
  { kind: 'new-answer'; content: string } | { kind: 'vote'; label: string; reason: string; confidence?: number };

export type ParsedWorkflowCall = { ok: true; call: WorkflowCall } | { ok: false; problem: string };

/**
 * Checks one workflow call against what its turn offered. Problems are worded for the agent
 * itself, because they are sent back to it as feedback for its next attempt.
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
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, problem: `the arguments of ${call.name} must be a JSON object` };
  }
  const fields = input as Record<string, unknown>;
  return call.name === newAnswerToolName ? parseNewAnswer(fields) : parseVote(fields, offered);
}

function parseNewAnswer(fields: Record<string, unknown>): ParsedWorkflowCall {
  const content = fields['content'];
  if (typeof content !== 'string') {
    return { ok: false, problem: `${newAnswerToolName} needs "content" as a string` };
  }
  if (content.trim() === '') return { ok: false, problem: `${newAnswerToolName} was called with an empty answer` };
  return { ok: true, call: { kind: 'new-answer', content } };
}

function parseVote(fields: Record<string, unknown>, offered: OfferedTools): ParsedWorkflowCall {
  const label = fields['agent_id'];
  const expected = offered.labels.join(', ');
  if (typeof label !== 'string') {
    return { ok: false, problem: `${voteToolName} needs "agent_id" as a string, one of: ${expected}` };
  }
  if (!offered.labels.includes(label)) {
    return {
      ok: false,
      problem: `${voteToolName} named "${truncate(label)}", which is not one of the answers: ${expected}`,
    };
  }
  const reason = fields['reason'];
  if (typeof reason !== 'string') return { ok: false, problem: `${voteToolName} needs "reason" as a string` };
  const confidence = fields['confidence'];
  if (confidence === undefined || confidence === null) return { ok: true, call: { kind: 'vote', label, reason } };
  if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 1) {
    return { ok: false, problem: `${voteToolName} needs "confidence" as a number from 0 to 1` };
  }
  return { ok: true, call: { kind: 'vote', label, reason, confidence } };
}

function truncate(text: string): string {
  return text.length <= 80 ? text : `${text.slice(0, 80)}…`;
}
