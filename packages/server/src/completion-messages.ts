import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HumanMessage } from '@massgen/core';
import { z } from 'zod';
import type { LiveCompletions } from './live-completions.js';
import { badRequest, sendApiError } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';
import { readJsonBody } from './read-json-body.js';
import { sendJson } from './send-json.js';

/** Longest message a person may send to a running team, in characters. */
export const maxHumanMessageCharacters = 20_000;

const messageRequestSchema = z.strictObject({
  content: z
    .string({ error: 'expected the message as a string' })
    .trim()
    .min(1, { error: 'expected a message that is not empty' })
    .max(maxHumanMessageCharacters, { error: `expected at most ${maxHumanMessageCharacters} characters` }),
  agent: z.string({ error: 'expected the id of one agent' }).min(1).optional(),
});

/**
 * `POST /v1/chat/completions/{id}/messages` (a MassGen extension): a message from the person to
 * the agents of a completion still running on this server, `{ "content": "...", "agent": "id" }`
 * (`agent` left out: every agent). Answered 202 once the run has it; its agents see it at their
 * next turn, and a streamed completion shows it as a `human-message` event.
 */
export async function handleCompletionMessage(
  request: IncomingMessage,
  response: ServerResponse,
  context: { completions: LiveCompletions; completionId: string; maxBodyBytes: number },
): Promise<void> {
  const read = await readHumanMessage(request, context.maxBodyBytes);
  if (!read.ok) return sendApiError(response, read.error);
  const completion = context.completions.get(context.completionId);
  if (completion === undefined) {
    return sendApiError(response, {
      status: 404,
      type: 'invalid_request_error',
      message: `No completion ${context.completionId} is running on this server: it has finished, or it never ran here. Messages go to a completion while its team works.`,
      param: null,
      code: 'completion_not_running',
    });
  }
  const agent = read.message.to?.[0];
  if (agent !== undefined && !completion.agentIds.includes(agent)) {
    return sendApiError(
      response,
      badRequest(
        `The completion ${context.completionId} has no agent "${agent}"; its agents are ${completion.agentIds.join(', ')}.`,
        'unknown_agent',
        'agent',
      ),
    );
  }
  if (!completion.inbox.send(read.message)) {
    return sendApiError(response, {
      status: 404,
      type: 'invalid_request_error',
      message: `The completion ${context.completionId} has just finished; the message reached no agent.`,
      param: null,
      code: 'completion_not_running',
    });
  }
  sendJson(response, 202, {
    object: 'massgen.message',
    completion_id: context.completionId,
    to: agent === undefined ? completion.agentIds : [agent],
    status: 'accepted',
  });
}

/**
 * A message to a running team from a request body, `{ "content": "...", "agent": "id" }`
 * (`agent` left out: every agent): the server's route and the web page's take the same one.
 */
export async function readHumanMessage(
  request: IncomingMessage,
  maxBodyBytes: number,
): Promise<{ ok: true; message: HumanMessage } | { ok: false; error: ApiError }> {
  const body = await readJsonBody(request, Math.min(maxBodyBytes, 1024 * 1024));
  if (!body.ok) return body;
  const parsed = messageRequestSchema.safeParse(body.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = issue?.path.join('.') || null;
    const where = param === null ? '' : ` at ${param}`;
    return {
      ok: false,
      error: badRequest(
        `Invalid message${where}: ${issue?.message ?? 'expected {"content": "..."}'}.`,
        'invalid_message',
        param,
      ),
    };
  }
  const { content, agent } = parsed.data;
  return { ok: true, message: { text: content, ...(agent === undefined ? {} : { to: [agent] }) } };
}
