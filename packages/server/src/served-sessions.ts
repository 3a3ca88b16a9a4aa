import type { IncomingHttpHeaders } from 'node:http';
import type { Message, RunEvent } from '@massgen/core';
import { SessionStore, isValidSessionId, sessionHistory, turnEnd } from '@massgen/runtime';
import type { RunResult, Session } from '@massgen/runtime';
import { badRequest } from './openai-errors.js';
import type { ApiError } from './openai-errors.js';
import type { ChatRequest } from './request-schema.js';

/** The request header that names a session; the response carries it back. */
export const sessionHeader = 'x-massgen-session';

export type RequestedSession = { ok: true; id?: string; param?: string } | { ok: false; error: ApiError };

/**
 * The session a request continues: the `X-MassGen-Session` header, else `metadata.session_id`,
 * else `user`. None means the request is a conversation of its own, as without sessions.
 */
export function requestedSession(headers: IncomingHttpHeaders, chat: ChatRequest): RequestedSession {
  const header = headers[sessionHeader];
  const candidates: Array<[string, unknown]> = [
    [`header ${sessionHeader}`, Array.isArray(header) ? header[0] : header],
    ['metadata.session_id', chat.metadata?.['session_id']],
    ['user', chat.user],
  ];
  const found = candidates.find(([, value]) => typeof value === 'string' && value !== '');
  if (found === undefined) return { ok: true };
  const [param, id] = found as [string, string];
  if (!isValidSessionId(id)) {
    return {
      ok: false,
      error: badRequest(
        `Invalid session id in ${param}: expected 1 to 128 letters, digits, ".", "_" or "-", starting with a letter or digit.`,
        'invalid_value',
        param.startsWith('header') ? null : param,
      ),
    };
  }
  return { ok: true, id, param };
}

/**
 * The server's sessions, under `.massgen/sessions` of its working directory: each request that
 * names one gets the session's answered turns as history before its own messages, and adds its
 * question and answer to it.
 */
export class ServedSessions {
  private readonly store: SessionStore;

  constructor(
    root: string,
    private readonly historyTokens: number,
  ) {
    this.store = new SessionStore(root);
  }

  /** The session by exactly this id, created on its first request. */
  open(id: string): Session {
    return this.store.get(id) ?? this.store.create({ id });
  }

  history(session: Session, requestHistory: readonly Message[]): Message[] {
    return [...sessionHistory(session.turns(), this.historyTokens).messages, ...requestHistory];
  }

  /** Writes the question down once its run has an id. */
  listener(session: Session, question: string): (event: RunEvent) => void {
    return (event) => {
      if (event.type === 'run-start') session.recordStart({ runId: event.runId, question });
    };
  }

  finish(session: Session, result: RunResult): void {
    session.recordEnd(turnEnd(result));
  }
}
