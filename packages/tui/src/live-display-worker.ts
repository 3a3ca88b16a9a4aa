// The display worker: draws the live display with ink away from the thread that coordinates the
// agents, so rendering never delays a model's stream. Started by `startLiveDisplay`.
import { parentPort, workerData } from 'node:worker_threads';
import type { HumanMessage } from '@massgen/core';
import { lowerThisThreadPriority } from './display-thread-priority.js';
import { mountLiveDisplay } from './live-display-mount.js';
import type { DisplayWorkerData, FromDisplayWorker, ToDisplayWorker } from './worker-protocol.js';
import { WorkerTerminalInput, WorkerTerminalOutput } from './worker-terminal.js';

const port = parentPort;
if (port === null) throw new Error('live-display-worker must run as a worker thread.');
const data = workerData as DisplayWorkerData;
lowerThisThreadPriority();
const post = (message: FromDisplayWorker): void => port.postMessage(message);
const stdout = new WorkerTerminalOutput(post, 'stdout', data.size, data.stdoutFd);
const stderr = new WorkerTerminalOutput(post, 'stderr', data.size, data.stderrFd);
const stdin = new WorkerTerminalInput(post, data.keysEnabled);

const display = mountLiveDisplay({
  stdout: stdout as unknown as NodeJS.WriteStream,
  stderr: stderr as unknown as NodeJS.WriteStream,
  stdin: stdin as unknown as NodeJS.ReadStream,
  env: data.env,
  showAgentCards: data.showAgentCards,
  liveTimeline: data.liveTimeline,
  onAnswerNow: () => post({ type: 'answer-now' }),
  onCancel: () => post({ type: 'cancel' }),
  ...(data.messagesEnabled ? { onMessage: (message: HumanMessage) => post({ type: 'message', message }) } : {}),
  ...(data.frameIntervalMs === undefined ? {} : { frameIntervalMs: data.frameIntervalMs }),
});

post({ type: 'ready' });

/** Questions on screen, by the id the coordinating thread gave them, to withdraw them. */
const asked = new Map<string, AbortController>();

port.on('message', (message: ToDisplayWorker) => {
  switch (message.type) {
    case 'events':
      for (const event of message.events) display.onEvent(event);
      break;
    case 'input':
      stdin.receive(message.data);
      break;
    case 'question': {
      const controller = new AbortController();
      asked.set(message.id, controller);
      void display.askHuman(message.question, { signal: controller.signal }).then((reply) => {
        asked.delete(message.id);
        post({ type: 'reply', id: message.id, ...(reply === undefined ? {} : { text: reply }) });
      });
      break;
    }
    case 'question-withdrawn':
      asked.get(message.id)?.abort();
      break;
    case 'resize':
      stdout.resize(message.size);
      stderr.resize(message.size);
      break;
    case 'close':
      void display.close().then(() => post({ type: 'closed' }));
      break;
  }
});
