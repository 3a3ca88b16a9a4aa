import type { Message } from '@massgen/core';
import type { ClaudeCodeSession } from './claude-code-session.js';

interface Parked {
  session: ClaudeCodeSession;
  release: () => void;
}

/**
 * Claude Code sessions waiting for the results of MassGen tool calls, between the `stream()` call
 * that handed the calls to the runtime and the one that brings the results back. Sessions are
 * found by call id, so one backend can serve several runs at once. A session nobody resumes is
 * closed when its turn is cancelled or after the request timeout.
 */
export class ParkedSessions {
  private readonly byCallId = new Map<string, Parked>();

  park(session: ClaudeCodeSession, options: { timeoutMs: number; signal: AbortSignal | undefined }): void {
    const ids = session.pendingCallIds();
    const expire = (): void => {
      this.remove(ids);
      void session.close();
    };
    const timer = setTimeout(expire, options.timeoutMs);
    options.signal?.addEventListener('abort', expire, { once: true });
    const release = (): void => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', expire);
      this.remove(ids);
    };
    for (const id of ids) this.byCallId.set(id, { session, release });
  }

  /**
   * The session whose calls the tool results at the end of `messages` answer, with those results
   * handed to it; `undefined` when the conversation does not continue a parked session.
   */
  resume(messages: readonly Message[]): ClaudeCodeSession | undefined {
    const results = new Map<string, Extract<Message, { role: 'tool' }>>();
    for (let index = messages.length - 1; index >= 0; index -= 1) {
      const message = messages[index];
      if (message?.role !== 'tool') break;
      results.set(message.toolCallId, message);
    }
    const parked = [...results.keys()].map((id) => this.byCallId.get(id)).find((entry) => entry !== undefined);
    if (parked === undefined || parked.session.isClosed) return undefined;
    parked.release();
    for (const id of parked.session.pendingCallIds()) {
      const result = results.get(id);
      parked.session.answer(
        id,
        result === undefined
          ? { content: 'MassGen returned no result for this call.', isError: true }
          : { content: result.content, isError: result.isError === true },
      );
    }
    return parked.session;
  }

  private remove(ids: readonly string[]): void {
    for (const id of ids) this.byCallId.delete(id);
  }
}
