import type { AskHuman, HumanMessage, HumanMessages, RunEvent } from '@massgen/core';
import { HumanInbox } from '@massgen/runtime';
import type { DisplaySettings } from '@massgen/config';
import type { CliIo } from './cli-io.js';
import type { DisplayMode } from './display-choice.js';
import { ProgressLines } from './progress-lines.js';

/** What a run command talks to while the run goes on. */
export interface RunDisplay {
  onEvent(event: RunEvent): void;
  /** Aborted when the user asks for an answer now from the display. */
  readonly answerNow: AbortSignal;
  /** Aborted when the user cancels from the display (where Ctrl-C does not arrive as SIGINT). */
  readonly cancel: AbortSignal;
  /** The messages the person types to the agents (`m` in the live display); none in the plain modes. */
  readonly humanMessages?: HumanMessages;
  /** Shows an agent's question and takes the reply; without it, questions get "no reply" at once. */
  readonly askHuman?: AskHuman;
  /** Ends the display; the terminal is the command's again once this resolves. */
  close(): Promise<void>;
}

export interface OpenDisplayContext {
  io: CliIo;
  settings: DisplaySettings;
  /** Where the live display reads keys. */
  stdin: NodeJS.ReadStream;
  /** A second cancel while the first is still stopping the agents: leave at once. */
  forceQuit: () => void;
}

/**
 * Opens the display for a mode. The live display's package (ink, React) is imported only here,
 * so the plain modes and `--version` never load it.
 */
export async function openRunDisplay(mode: DisplayMode, context: OpenDisplayContext): Promise<RunDisplay> {
  if (mode === 'live') return openLiveDisplay(context);
  const progress = mode === 'silent' ? undefined : new ProgressLines();
  const never = new AbortController().signal;
  return {
    onEvent: (event) => {
      // The summary printed after the answer says how the run ended: once, not also here.
      if (mode === 'simple' && event.type === 'run-end') return;
      const line = progress?.describe(event);
      if (line !== undefined) context.io.stderr.write(`${line}\n`);
    },
    answerNow: never,
    cancel: never,
    close: async () => {},
  };
}

const forceQuitGraceMs = 1000;

async function openLiveDisplay(context: OpenDisplayContext): Promise<RunDisplay> {
  const { startLiveDisplay } = await import('@massgen/tui/live-display');
  const answerNow = new AbortController();
  const cancel = new AbortController();
  // Keys, and so messages and replies, need a terminal to type in.
  const typing = context.stdin.isTTY === true;
  const inbox = new HumanInbox();
  const display = await startLiveDisplay({
    stdout: context.io.stdout as NodeJS.WriteStream,
    stderr: context.io.stderr as NodeJS.WriteStream,
    stdin: context.stdin,
    env: context.io.env,
    showAgentCards: context.settings.showAgentCards,
    liveTimeline: context.settings.liveTimeline,
    onAnswerNow: () => answerNow.abort(),
    ...(typing ? { onMessage: (message: HumanMessage) => inbox.send(message) } : {}),
    onCancel: () => {
      if (!cancel.signal.aborted) {
        cancel.abort();
        return;
      }
      // A second press leaves now: the display gets a moment to give the terminal back, no more.
      const deadline = setTimeout(context.forceQuit, forceQuitGraceMs);
      void display.close().then(() => {
        clearTimeout(deadline);
        context.forceQuit();
      });
    },
  });
  return {
    onEvent: (event) => display.onEvent(event),
    answerNow: answerNow.signal,
    cancel: cancel.signal,
    ...(typing ? { humanMessages: inbox, askHuman: display.askHuman } : {}),
    close: () => {
      inbox.close();
      return display.close();
    },
  };
}
