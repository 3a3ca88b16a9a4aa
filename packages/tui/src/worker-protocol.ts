import type { HumanMessage, HumanQuestion, RunEvent } from '@massgen/core';
import type { TerminalSize } from './terminal-size.js';

/** What the display worker starts with. */
export interface DisplayWorkerData {
  size: TerminalSize;
  /** Input is a terminal: the worker may ask for raw mode and will get the keys. */
  keysEnabled: boolean;
  env: Record<string, string | undefined>;
  showAgentCards: boolean;
  liveTimeline: boolean;
  frameIntervalMs?: number;
  /** The `m` key sends messages (`{ type: 'message' }`). */
  messagesEnabled: boolean;
  /**
   * File descriptors the worker writes the terminal through itself, so a terminal slow to read
   * blocks the worker, never the thread that coordinates. Absent for streams without one.
   */
  stdoutFd?: number;
  stderrFd?: number;
}

/** Messages from the coordinating thread to the display worker. */
export type ToDisplayWorker =
  | { type: 'events'; events: RunEvent[] }
  | { type: 'input'; data: string }
  | { type: 'resize'; size: TerminalSize }
  /** An agent's question for the footer; the reply comes back as `reply` with the same id. */
  | { type: 'question'; id: string; question: HumanQuestion }
  /** The asker stopped waiting: the question leaves the footer. */
  | { type: 'question-withdrawn'; id: string }
  | { type: 'close' };

/** Messages from the display worker to the coordinating thread. */
export type FromDisplayWorker =
  /** The display is mounted and draws what it is sent. */
  | { type: 'ready' }
  | { type: 'stdout'; data: string }
  | { type: 'stderr'; data: string }
  | { type: 'raw-mode'; enabled: boolean }
  | { type: 'answer-now' }
  | { type: 'cancel' }
  | { type: 'message'; message: HumanMessage }
  /** The person's reply to question `id`; no `text` when they skipped it. */
  | { type: 'reply'; id: string; text?: string }
  | { type: 'closed' };
