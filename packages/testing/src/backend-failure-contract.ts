import type { Backend, BackendRequest, BackendSettings, StreamPart, Warning } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import type { FakeServerControls } from './fake-server-controls.js';
import { collectParts, terminalError } from './stream-parts.js';
import { useFakeServer } from './use-fake-server.js';

/** A fake provider server as the contract drives it. */
export type ContractServer<Reply> = FakeServerControls<unknown, Reply> & { readonly url: string };

/** The replies the contract queues, written in one fake server's own vocabulary. */
export interface ContractReplies<Reply> {
  /** A complete text reply, streamed in several chunks. */
  text(text: string): Reply;
  /** The first chunks of a text reply (at least one with text), then silence with the connection open. */
  stall(text: string): Reply;
  /** The first chunks of a text reply (at least one with text), then the connection cut. */
  drop(text: string): Reply;
  /** The first chunks, then the stream closed cleanly without the provider's end marker. */
  endEarly(): Reply;
  /** Nothing at all: not even response headers. */
  hang(): Reply;
  /** A 4xx whose error message repeats `text`, as a provider does when it quotes a key back. */
  rejectionSaying(text: string): Reply;
  /** A 429 asking the client to wait `seconds`. */
  rateLimit(seconds: number): Reply;
  /** The first chunks of a tool call, then the connection cut; absent where the test is the backend's own. */
  dropInToolCall?(): Reply;
}

/** One backend under the failure contract, with its fake server. */
export interface BackendContractSubject<Reply, Server extends ContractServer<Reply>> {
  /** `backend.type`, which errors carry as their `provider`. */
  type: string;
  model: string;
  startServer(options: { apiKey: string }): Promise<Server>;
  /** The backend options that point it at `server` with `apiKey`: `base_url` and `api_key` unless given. */
  connection?: (server: Server, apiKey: string) => Record<string, unknown>;
  createBackend(settings: BackendSettings): Backend;
  replies: ContractReplies<Reply>;
  /** Words of the message for a stream that ended without its end marker (`no finish_reason`). */
  missingEndMarker: string;
  /** How the server refuses a key it does not know: its HTTP status and words of its message. */
  wrongKey?: { statusCode: number; says?: string };
  /** Where the backend finds its key when the configuration gives none; absent for one that needs no key. */
  keyFromEnvironment?: {
    /** The variable it reads first. */
    variable: string;
    /** The options that point it at `server`, with no key. */
    options(server: Server): Record<string, unknown>;
    /** The options for its provider's own address, where another provider's key must not be sent. */
    ownProvider: Record<string, unknown>;
    /** A server on loopback (a local model server) needs no key, so a missing one is no error there. */
    optionalOnLoopback?: boolean;
    /** Another provider's key and that provider's name; an Anthropic key unless given. */
    foreignKey?: { key: string; provider: string };
  };
}

const apiKey = 'contract-key-5e1d9a7c42';
const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello?' }] };
const longText = 'A long answer that arrives in pieces and is cut off before its end.';

function streamedText(parts: readonly StreamPart[]): string {
  return parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');
}

/**
 * The failure behaviour every backend owes the runtime, run against the backend's fake server:
 * cancellation at each stage, both timeouts, broken and unfinished streams, an unreachable
 * server, a rate limit, and no API key in any message. Each failure ends the stream with one
 * error part, classified and marked retryable or not, keeping the text that came before it.
 * Call it at the top level of a backend package's test file.
 */
export function describeBackendFailureContract<Reply, Server extends ContractServer<Reply>>(
  subject: BackendContractSubject<Reply, Server>,
): void {
  describe(`${subject.type} backend: the failure contract`, () => {
    const server = useFakeServer(() => subject.startServer({ apiKey }));
    const connection = subject.connection ?? ((fake: Server, key: string) => ({ base_url: fake.url, api_key: key }));

    const backend = (options: Record<string, unknown> = {}, target: Server = server): Backend =>
      subject.createBackend({
        agentId: 'agent-a',
        type: subject.type,
        model: subject.model,
        options: { ...connection(target, apiKey), ...options },
        env: {},
        warn: () => undefined,
      });

    it('ends with ABORTED when the caller aborts mid-stream, and the server sees the request end', async () => {
      server.enqueue(subject.replies.stall(longText));
      const controller = new AbortController();
      const parts: StreamPart[] = [];
      for await (const part of backend().stream(question, { signal: controller.signal })) {
        parts.push(part);
        if (part.type === 'text-delta') controller.abort();
      }
      expect(terminalError(parts)).toMatchObject({ code: 'ABORTED', retryable: false, provider: subject.type });
      await server.idle();
      expect(server.activeResponses).toBe(0);
    });

    it('ends with ABORTED when the caller aborts a request that has no answer yet, leaving none open', async () => {
      server.enqueue(subject.replies.hang());
      const controller = new AbortController();
      const pending = collectParts(backend().stream(question, { signal: controller.signal }));
      await server.waitForRequests(1);
      controller.abort();
      expect(terminalError(await pending)).toMatchObject({ code: 'ABORTED', retryable: false });
      await server.idle();
    });

    it('sends nothing when the signal is already aborted', async () => {
      const parts = await collectParts(backend().stream(question, { signal: AbortSignal.abort() }));
      expect(terminalError(parts)).toMatchObject({ code: 'ABORTED' });
      expect(server.requests).toHaveLength(0);
    });

    it('closes the request when the consumer stops reading early', async () => {
      server.enqueue(subject.replies.stall(longText));
      for await (const part of backend().stream(question)) {
        if (part.type === 'text-delta') break;
      }
      await server.idle();
      expect(server.activeResponses).toBe(0);
    });

    it('times out a server that never answers, after timeout_seconds', async () => {
      server.enqueue(subject.replies.hang());
      const error = terminalError(await collectParts(backend({ timeout_seconds: 0.2 }).stream(question)));
      expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true, agentId: 'agent-a', provider: subject.type });
      expect(error.message).toContain('0.2 s');
      await server.idle();
    });

    it('times out a stream that goes silent after it started, keeping the text that came', async () => {
      server.enqueue(subject.replies.stall(longText));
      const parts = await collectParts(backend({ timeout_seconds: 0.2 }).stream(question));
      expect(streamedText(parts)).not.toBe('');
      expect(longText.startsWith(streamedText(parts))).toBe(true);
      const error = terminalError(parts);
      expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true, agentId: 'agent-a', provider: subject.type });
      expect(error.message).toContain('went silent for 0.2 s');
      await server.idle();
    });

    it('ends a stream whose connection drops with a retryable BACKEND_STREAM, after the text that came', async () => {
      server.enqueue(subject.replies.drop(longText));
      const parts = await collectParts(backend().stream(question));
      expect(streamedText(parts)).not.toBe('');
      expect(longText.startsWith(streamedText(parts))).toBe(true);
      expect(terminalError(parts)).toMatchObject({ code: 'BACKEND_STREAM', retryable: true, provider: subject.type });
    });

    it("calls a stream that closes without the provider's end marker broken", async () => {
      server.enqueue(subject.replies.endEarly());
      const error = terminalError(await collectParts(backend().stream(question)));
      expect(error).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
      expect(error.message).toContain(subject.missingEndMarker);
    });

    it('reports an unreachable server as a retryable network error', async () => {
      const gone = await subject.startServer({ apiKey });
      await gone.close();
      const error = terminalError(await collectParts(backend({}, gone).stream(question)));
      expect(error).toMatchObject({ code: 'BACKEND_NETWORK', retryable: true, provider: subject.type });
    });

    it('reports a rate limit with its delay, then succeeds on the next call (the retry is the runtime’s)', async () => {
      server.enqueue(subject.replies.rateLimit(1), subject.replies.text('Second time lucky.'));
      const model = backend();
      const first = terminalError(await collectParts(model.stream(question)));
      expect(first).toMatchObject({ code: 'BACKEND_RATE_LIMIT', retryable: true, retryAfterMs: 1000 });
      const second = await collectParts(model.stream(question));
      expect(streamedText(second)).toBe('Second time lucky.');
      expect(second.at(-1)?.type).toBe('finish');
      expect(server.requests).toHaveLength(2);
    });

    it('never shows the API key, even when the provider quotes it back', async () => {
      server.enqueue(subject.replies.rejectionSaying(`Key ${apiKey} is not valid for this model.`));
      const error = terminalError(await collectParts(backend().stream(question)));
      expect(error).toMatchObject({ retryable: false, agentId: 'agent-a' });
      expect(error.message).not.toContain(apiKey);
      expect(error.message).toContain('[redacted]');
    });

    const dropInToolCall = subject.replies.dropInToolCall?.bind(subject.replies);
    if (dropInToolCall !== undefined) {
      it('does not emit a tool call whose stream dropped before it finished', async () => {
        server.enqueue(dropInToolCall());
        const parts = await collectParts(backend().stream(question));
        expect(parts.some((part) => part.type === 'tool-call')).toBe(false);
        expect(terminalError(parts)).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
      });
    }

    const wrongKey = subject.wrongKey;
    if (wrongKey !== undefined) {
      it(`refuses a wrong key with BACKEND_AUTH from the ${wrongKey.statusCode}, without printing it`, async () => {
        const key = 'wrong-key-6a0f3c2d';
        const error = terminalError(await collectParts(backend({ api_key: key }).stream(question)));
        expect(error).toMatchObject({ code: 'BACKEND_AUTH', statusCode: wrongKey.statusCode });
        if (wrongKey.says !== undefined) expect(error.message).toContain(wrongKey.says);
        expect(error.message).not.toContain(key);
      });
    }

    const keys = subject.keyFromEnvironment;
    if (keys === undefined) return;
    const fromEnvironment = (
      env: Record<string, string | undefined>,
      warn: BackendSettings['warn'] = () => undefined,
    ) =>
      subject.createBackend({
        agentId: 'agent-a',
        type: subject.type,
        model: subject.model,
        options: keys.options(server),
        env,
        warn,
      });

    it(`reads ${keys.variable} at the first call${keys.optionalOnLoopback === true ? '' : ', names it when it is missing, and sends nothing without it'}`, async () => {
      const env: Record<string, string | undefined> = {};
      const keyless = fromEnvironment(env);
      if (keys.optionalOnLoopback !== true) {
        const missing = terminalError(await collectParts(keyless.stream(question)));
        expect(missing).toMatchObject({
          code: 'BACKEND_MISSING_KEY',
          retryable: false,
          provider: subject.type,
          agentId: 'agent-a',
        });
        expect(missing.message).toContain(keys.variable);
        expect(server.requests).toHaveLength(0);
      }
      env[keys.variable] = apiKey;
      server.enqueue(subject.replies.text('Found it.'));
      // The fake server accepts only the exact key.
      expect((await collectParts(keyless.stream(question))).at(-1)?.type).toBe('finish');
    });

    it('trims a key with stray whitespace, with a warning that does not show it', async () => {
      const warnings: Warning[] = [];
      server.enqueue(subject.replies.text('Trimmed.'));
      const parts = await collectParts(
        fromEnvironment({ [keys.variable]: ` ${apiKey}\n` }, (warning) => warnings.push(warning)).stream(question),
      );
      // The fake server accepts only the exact key.
      expect(parts.at(-1)?.type).toBe('finish');
      expect(warnings).toEqual([expect.objectContaining({ code: 'api-key-whitespace', agentId: 'agent-a' })]);
      expect(JSON.stringify(warnings)).not.toContain(apiKey);
    });

    it("refuses another provider's key by that provider's name, without sending it", async () => {
      const foreign = keys.foreignKey ?? { key: 'sk-ant-api03-abcdefghijklmnop', provider: 'Anthropic' };
      const error = terminalError(
        await collectParts(
          subject
            .createBackend({
              agentId: 'agent-a',
              type: subject.type,
              model: subject.model,
              options: keys.ownProvider,
              env: { [keys.variable]: foreign.key },
              warn: () => undefined,
            })
            .stream(question),
        ),
      );
      expect(error).toMatchObject({ code: 'BACKEND_AUTH', retryable: false });
      expect(error.message).toContain(foreign.provider);
      expect(error.message).not.toContain(foreign.key);
    });
  });
}
