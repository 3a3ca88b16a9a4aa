import { createParser } from 'eventsource-parser';
import type { RunEvent } from '@massgen/core';
import { authorization } from './api-client.js';

export interface RunFeedHandlers {
  /** Each event once, in order, even across reconnections. */
  event(event: RunEvent): void;
  /** Something the user should be told (a cut-off record, a deleted run, a lost connection). */
  problem(message: string): void;
  /** The server has sent everything there is. */
  end(): void;
  /** The connection dropped and the feed is trying again (false once it is back). */
  reconnecting(retrying: boolean): void;
}

const retryDelaysMs = [500, 1000, 2000, 5000];

/**
 * Reads a run's events from the server (server-sent events over `fetch`, so the API key can go
 * in a header). When the connection drops it reconnects and asks only for what follows the last
 * event it has, so the page neither loses nor repeats one.
 */
export function openRunFeed(runId: string, handlers: RunFeedHandlers, signal: AbortSignal): void {
  let lastSeq = -1;
  let attempt = 0;
  const connect = async (): Promise<void> => {
    while (!signal.aborted) {
      let ended = false;
      try {
        const response = await fetch(`api/runs/${encodeURIComponent(runId)}/events?after=${lastSeq}`, {
          headers: { ...authorization(), accept: 'text/event-stream' },
          signal,
        });
        if (!response.ok || response.body === null) {
          const body = (await response.json().catch(() => undefined)) as { error?: { message?: string } } | undefined;
          handlers.problem(body?.error?.message ?? `The server answered ${response.status}.`);
          if (response.status >= 400 && response.status < 500) return handlers.end();
        } else {
          if (attempt > 0) handlers.reconnecting(false);
          attempt = 0;
          const parser = createParser({
            onEvent: (message) => {
              if (message.event === 'end') ended = true;
              else if (message.event === 'problem')
                handlers.problem((JSON.parse(message.data) as { message: string }).message);
              else {
                const event = JSON.parse(message.data) as RunEvent;
                if (event.seq <= lastSeq) return;
                lastSeq = event.seq;
                handlers.event(event);
              }
            },
          });
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            parser.feed(value);
          }
          if (ended) return handlers.end();
        }
      } catch {
        if (signal.aborted) return;
      }
      handlers.reconnecting(true);
      await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)]));
      attempt += 1;
    }
  };
  void connect();
}
