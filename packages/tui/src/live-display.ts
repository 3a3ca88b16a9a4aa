import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EventBatch } from './event-batch.js';
import type { LiveDisplay, LiveDisplayOptions } from './live-display-options.js';
import type { AskHuman } from '@massgen/core';
import type { TerminalSize } from './terminal-size.js';
import type { DisplayWorkerData, FromDisplayWorker, ToDisplayWorker } from './worker-protocol.js';

export interface StartLiveDisplayOptions extends LiveDisplayOptions {
  /**
   * Where ink draws: `worker` (the default, when the built worker file is there) keeps rendering
   * off the thread that coordinates the agents; `main` draws in this thread (tests, and source
   * checkouts that run without a build).
   */
  thread?: 'worker' | 'main';
}

const workerFile = new URL('./live-display-worker.js', import.meta.url);
/** Events are handed to the worker in batches, with each agent's deltas joined (`EventBatch`). */
const batchIntervalMs = 33;

/**
 * Starts the live terminal display of one run. Neither ink nor React is loaded in the calling
 * thread when the worker draws, so importing this module stays cheap.
 */
export async function startLiveDisplay(options: StartLiveDisplayOptions): Promise<LiveDisplay> {
  if (options.thread !== 'main' && existsSync(fileURLToPath(workerFile))) return startWorkerDisplay(options);
  const { mountLiveDisplay } = await import('./live-display-mount.js');
  return mountLiveDisplay(options);
}

/**
 * Resolves once the worker has mounted the display: its start-up (loading ink and React) then
 * happens before the run's first event, not while the agents' first answers stream in.
 */
async function startWorkerDisplay(options: LiveDisplayOptions): Promise<LiveDisplay> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const stdin = options.stdin ?? process.stdin;
  const keysEnabled = stdin.isTTY === true;
  const sizeOf = (): TerminalSize => options.size ?? { columns: stdout.columns || 80, rows: stdout.rows || 24 };
  const workerData: DisplayWorkerData = {
    size: sizeOf(),
    keysEnabled,
    env: { ...(options.env ?? process.env) },
    showAgentCards: options.showAgentCards ?? true,
    liveTimeline: options.liveTimeline ?? true,
    ...(options.frameIntervalMs === undefined ? {} : { frameIntervalMs: options.frameIntervalMs }),
    messagesEnabled: options.onMessage !== undefined,
    ...withFd('stdoutFd', stdout),
    ...withFd('stderrFd', stderr),
  };
  // React's development build is several times slower; a user who sets NODE_ENV keeps it.
  const worker = new Worker(workerFile, {
    workerData,
    env: { ...process.env, NODE_ENV: process.env['NODE_ENV'] ?? 'production' },
  });
  const post = (message: ToDisplayWorker): void => worker.postMessage(message);

  let rawMode = false;
  const forwardKeys = (data: string | Buffer): void => post({ type: 'input', data: data.toString() });
  const setRawMode = (enabled: boolean): void => {
    if (!keysEnabled || enabled === rawMode) return;
    rawMode = enabled;
    if (enabled) {
      stdin.setEncoding('utf8');
      stdin.setRawMode(true);
      stdin.on('data', forwardKeys);
      stdin.ref();
      stdin.resume();
    } else {
      stdin.setRawMode(false);
      stdin.off('data', forwardKeys);
      stdin.pause();
      stdin.unref();
    }
  };
  const onResize = (): void => post({ type: 'resize', size: sizeOf() });
  if (options.size === undefined) stdout.on('resize', onResize);

  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  worker.on('message', (message: FromDisplayWorker) => {
    switch (message.type) {
      case 'ready':
        markReady();
        break;
      case 'stdout':
        stdout.write(message.data);
        break;
      case 'stderr':
        stderr.write(message.data);
        break;
      case 'raw-mode':
        setRawMode(message.enabled);
        break;
      case 'answer-now':
        options.onAnswerNow();
        break;
      case 'cancel':
        options.onCancel();
        break;
      case 'message':
        options.onMessage?.(message.message);
        break;
      case 'reply':
        answered(message.id, message.text);
        break;
      case 'closed':
        markClosed();
        break;
    }
  });
  // A display that breaks must not take the run with it: the run goes on, undisplayed.
  worker.on('error', (error) => {
    stderr.write(`\nmassgen: the live display stopped: ${error.message}\n`);
    markReady();
    markClosed();
  });
  worker.on('exit', () => {
    markReady();
    markClosed();
  });
  await ready;

  // The agents' questions on the worker's screen, by id, until the person replies.
  const questions = new Map<string, (reply: string | undefined) => void>();
  let questionCount = 0;
  const answered = (id: string, reply: string | undefined): void => {
    const resolve = questions.get(id);
    questions.delete(id);
    resolve?.(reply);
  };
  const askHuman: AskHuman = (question, { signal }) => {
    if (signal.aborted) return Promise.resolve(undefined);
    questionCount += 1;
    const id = `question-${questionCount}`;
    return new Promise((resolve) => {
      const onAbort = (): void => {
        post({ type: 'question-withdrawn', id });
        answered(id, undefined);
      };
      questions.set(id, (reply) => {
        signal.removeEventListener('abort', onAbort);
        resolve(reply);
      });
      signal.addEventListener('abort', onAbort, { once: true });
      post({ type: 'question', id, question });
    });
  };

  const pending = new EventBatch();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sendPending = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.size > 0) post({ type: 'events', events: pending.take() });
  };

  let closing: Promise<void> | undefined;
  return {
    askHuman,
    onEvent: (event) => {
      pending.push(event);
      if (event.type === 'run-end') sendPending();
      else timer ??= setTimeout(sendPending, batchIntervalMs);
    },
    close: () => {
      closing ??= (async () => {
        sendPending();
        for (const id of [...questions.keys()]) answered(id, undefined);
        post({ type: 'close' });
        await closed;
        stdout.off('resize', onResize);
        setRawMode(false);
        await worker.terminate();
      })();
      return closing;
    },
  };
}

/** A stream's file descriptor, when it has one the worker can write to. */
function withFd<Key extends 'stdoutFd' | 'stderrFd'>(
  key: Key,
  stream: NodeJS.WriteStream,
): Partial<Record<Key, number>> {
  const fd = (stream as { fd?: unknown }).fd;
  return typeof fd === 'number' ? ({ [key]: fd } as Partial<Record<Key, number>>) : {};
}
