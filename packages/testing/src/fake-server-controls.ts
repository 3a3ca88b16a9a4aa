import type { ServerResponse } from 'node:http';
import type { FakeHttpServer } from './fake-http-server.js';
import type { ReplySender } from './fake-stream-faults.js';
import type { RequestLog } from './request-log.js';

/** Makes a fake server's reply to a request once no queued reply is left. */
export type FakeServerResponder<Request, Reply> = (
  request: Request,
  context: { index: number },
) => Reply | Promise<Reply>;

/** What every fake provider server offers a test, whatever protocol it speaks. */
export interface FakeServerControls<Request, Reply> {
  /** Every model request received, in order, including rejected ones. */
  readonly requests: readonly Request[];
  /** Responses started and not yet finished or abandoned by their client. */
  readonly activeResponses: number;
  /** The most responses that were ever in progress at once: the concurrency a client held it at. */
  readonly peakActiveResponses: number;
  /** Queues replies for the next requests, consumed in order before the responder is asked. */
  enqueue(...replies: Reply[]): void;
  setResponder(responder: FakeServerResponder<Request, Reply>): void;
  /** Resolves once at least `count` model requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  /** Resolves once no response is in progress (hung and slow ones included). */
  idle(): Promise<void>;
  /** Ends every open connection and stops listening. */
  close(): Promise<void>;
}

/** The replies of a fake server: those a test queued, in order, then the responder's. */
export class ScriptedReplies<Request extends { index: number }, Reply> {
  private readonly queued: Reply[] = [];

  constructor(private responder: FakeServerResponder<Request, Reply>) {}

  enqueue(...replies: Reply[]): void {
    this.queued.push(...replies);
  }

  setResponder(responder: FakeServerResponder<Request, Reply>): void {
    this.responder = responder;
  }

  /** The reply to `request`; rejects with what the responder threw, which the server answers with a 500. */
  async next(request: Request): Promise<Reply> {
    return this.queued.shift() ?? (await this.responder(request, { index: request.index }));
  }

  /** Sends `request` its reply; when the responder throws, the delivery's `fail` answers with what it threw. */
  async answer<Settings>(
    response: ServerResponse,
    request: Request,
    delivery: ReplyDelivery<Request, Reply, Settings>,
  ): Promise<void> {
    let reply: Reply;
    try {
      reply = await this.next(request);
    } catch (error) {
      return delivery.fail(response, failureMessage("The fake server's responder", error));
    }
    await delivery.send(response, request, reply, delivery.settings);
  }
}

/** How a fake server delivers its replies in its provider's wire format. */
export interface ReplyDelivery<Request, Reply, Settings> {
  send: ReplySender<Request, Reply, Settings>;
  settings: Settings;
  /** Sends the provider's 500 for a failure of the server itself, said in `message`. */
  fail: (response: ServerResponse, message: string) => void;
}

/**
 * The responder of a fake server that is not scripted: it answers with the text of the last user
 * message that has any (`textOf` is `undefined` for one that has none), or `greeting` when there is
 * none, so a smoke test needs no setup.
 */
export function echoResponder<Request, Message extends { role?: string | undefined }>(
  messagesOf: (request: Request) => readonly Message[],
  textOf: (message: Message) => string | undefined,
  greeting: string,
): FakeServerResponder<Request, { type: 'text'; text: string }> {
  return (request) => {
    const userTexts = messagesOf(request)
      .filter((message) => message.role === 'user')
      .map(textOf);
    const text = userTexts.findLast((userText) => userText !== undefined) ?? '';
    return { type: 'text', text: text === '' ? greeting : text };
  };
}

/** The controls of a fake server listening on `http`, logging into `log` and replying from `replies`. */
export function fakeServerControls<Request extends { index: number }, Reply>(
  http: FakeHttpServer,
  log: RequestLog<Request>,
  replies: ScriptedReplies<Request, Reply>,
): FakeServerControls<Request, Reply> {
  return {
    requests: log.requests,
    get activeResponses() {
      return http.activeResponses;
    },
    get peakActiveResponses() {
      return http.peakActiveResponses;
    },
    enqueue: (...queued) => replies.enqueue(...queued),
    setResponder: (responder) => replies.setResponder(responder),
    waitForRequests: (count) => log.waitForRequests(count),
    idle: () => http.idle(),
    close: () => http.close(),
  };
}

/** What the fake server or its responder (`source`) threw, in words for the 500 the server answers with. */
export function failureMessage(source: string, error: unknown): string {
  return `${source} failed: ${error instanceof Error ? error.message : String(error)}`;
}

/** Characters per stream chunk: 4 unless set; anything but a positive whole number is a mistake in the test. */
export function readChunkSize(chunkSize: number | undefined): number {
  const size = chunkSize ?? 4;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`chunkSize must be a positive integer, got ${String(chunkSize)}`);
  return size;
}
