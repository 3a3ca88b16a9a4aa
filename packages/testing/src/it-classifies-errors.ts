import type { Backend, BackendRequest, SerializedError } from '@massgen/core';
import { expect, it } from 'vitest';
import { collectParts, terminalError } from './stream-parts.js';

/**
 * One provider failure: its name in the test list, the reply that provokes it, the error fields
 * the backend must report, and words of the provider's own message that must reach the user.
 */
export type ErrorCase<Reply> = readonly [name: string, reply: Reply, expected: Partial<SerializedError>, says?: string];

/** The backend whose error classification {@link itClassifiesErrors} checks. */
export interface ErrorClassificationSubject<Reply> {
  server: { enqueue(...replies: Reply[]): void };
  /** A backend for agent `agent-a`, pointed at `server`. */
  backend(): Backend;
  /** `backend.type`, which its errors carry as their `provider`. */
  provider: string;
  /** Words every one of these messages carries, such as the provider's name; asked for in each test. */
  says(): string;
  /**
   * Which errors must come without a delay to wait: `not-retryable` ones (a delay only means
   * something for an error the runtime retries), or `all` of them; unchecked when absent.
   */
  withoutDelay?: 'not-retryable' | 'all';
  request?: BackendRequest;
}

const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello' }] };

/**
 * A test per case: the backend meets the case's reply and must end its stream with the one error
 * part the case expects, for agent `agent-a` and the subject's provider. Each backend passes only
 * its own provider's failures; call it inside a `describe`.
 */
export function itClassifiesErrors<Reply>(
  subject: ErrorClassificationSubject<Reply>,
  cases: readonly ErrorCase<Reply>[],
): void {
  for (const [name, reply, expected, says] of cases) {
    it(name, async () => {
      subject.server.enqueue(reply);
      const error = terminalError(await collectParts(subject.backend().stream(subject.request ?? question)));
      expect(error).toMatchObject({ ...expected, provider: subject.provider, agentId: 'agent-a' });
      expect(error.message).toContain(subject.says());
      if (says !== undefined) expect(error.message).toContain(says);
      if (subject.withoutDelay === 'all' || (subject.withoutDelay === 'not-retryable' && expected.retryable !== true)) {
        expect(error.retryAfterMs).toBeUndefined();
      }
    });
  }
}
