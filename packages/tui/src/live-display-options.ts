import type { AskHuman, HumanMessage, RunEvent } from '@massgen/core';
import type { TerminalSize } from './terminal-size.js';

export interface LiveDisplayOptions {
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  stderr?: NodeJS.WriteStream;
  /** Read for `NO_COLOR`. Defaults to the process environment. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The configuration's `display.show_agent_cards`; rows of one line per agent otherwise. */
  showAgentCards?: boolean;
  /** The configuration's `display.live_timeline`. */
  liveTimeline?: boolean;
  /** The user pressed `a`: stop coordinating and have the leader present. */
  onAnswerNow: () => void;
  /** The user pressed Ctrl-C or `q`: called on every press, so a second press can force the exit. */
  onCancel: () => void;
  /** Given, `m` types a message to the agents (all of them, or the focused one) and hands it here. */
  onMessage?: (message: HumanMessage) => void;
  /** Least time between frames; see `DisplayStore`. */
  frameIntervalMs?: number;
  /** Fixes the size instead of following the terminal's. */
  size?: TerminalSize;
}

/** A running live display. */
export interface LiveDisplay {
  /** Give it every run event, in order. */
  onEvent(event: RunEvent): void;
  /**
   * Shows an agent's question in the footer and resolves with the person's reply; `undefined`
   * when they skip it, when the asker stops waiting, or when the display closes first.
   */
  askHuman: AskHuman;
  /** Draws the final frame, stops reading keys and gives the terminal back. */
  close(): Promise<void>;
}
