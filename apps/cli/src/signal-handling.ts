import { constants } from 'node:os';

/** `ExitCode.interrupted`, here too so that the binary can load this file alone, before the CLI. */
const interruptedExitCode = 4;

/** The signals that stop a run: Ctrl-C, `kill` (and service managers), and a closed terminal. */
export const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof stopSignals)[number];

/** A run's view of the signals: `signal` aborts at the first one. */
export interface SignalScope {
  readonly signal: AbortSignal;
  /** The signal that stopped the run, once one has. */
  readonly received: StopSignal | undefined;
  dispose(): void;
}

/**
 * SIGINT, SIGTERM and SIGHUP all stop a run the same way: the first cancels it, so the agents
 * stop, child processes (commands, MCP servers) are ended, and the record closes with
 * `run-end` (exit code 4); a second signal while it is stopping leaves at once with 128 + the
 * signal's number (130, 143, 129). Installed first thing by the `massgen` binary, so a signal
 * that arrives before the run has started is kept, and the run then starts cancelled and still
 * leaves its record.
 */
export class SignalHandling {
  private active: { controller: AbortController; received: StopSignal | undefined } | undefined;
  /** A signal that arrived while no run was active. */
  private pending: StopSignal | undefined;
  private readonly listeners = new Map<StopSignal, () => void>();
  /** Told about the first signal of a run, to say what happens next. */
  onStop: ((signal: StopSignal) => void) | undefined;
  /**
   * What a signal does while no run is active: kept for the next run (before a one-shot run
   * starts), or leave with exit code 4 (at an interactive session's prompt, where nothing runs).
   */
  whenIdle: 'keep' | 'exit' = 'keep';

  /** @param exit leaves at once; `process.exit` by default, whose exit hooks still end child processes. */
  constructor(readonly exit: (code: number) => void = (code) => process.exit(code)) {}

  install(): this {
    for (const name of stopSignals) {
      const listener = (): void => this.receive(name);
      this.listeners.set(name, listener);
      process.on(name, listener);
    }
    return this;
  }

  /** Stops listening (for a command that handles signals itself); aborted if a signal came already. */
  release(): AbortSignal {
    for (const [name, listener] of this.listeners) process.off(name, listener);
    this.listeners.clear();
    return this.pending === undefined ? new AbortController().signal : AbortSignal.abort(this.pending);
  }

  /** A signal arrived before or between runs: a command that should not start then can ask. */
  get pendingSignal(): StopSignal | undefined {
    return this.pending;
  }

  /** Opens a run's scope; a signal that arrived before it cancels it at once. */
  scope(): SignalScope {
    const state = { controller: new AbortController(), received: undefined as StopSignal | undefined };
    this.active = state;
    if (this.pending !== undefined) {
      state.received = this.pending;
      this.pending = undefined;
      this.onStop?.(state.received);
      state.controller.abort(state.received);
    }
    return {
      signal: state.controller.signal,
      get received() {
        return state.received;
      },
      dispose: () => {
        if (this.active === state) this.active = undefined;
      },
    };
  }

  private receive(name: StopSignal): void {
    const active = this.active;
    const alreadyStopping = active === undefined ? this.pending !== undefined : active.received !== undefined;
    if (alreadyStopping) {
      this.exit(128 + constants.signals[name]);
      return;
    }
    if (active === undefined) {
      if (this.whenIdle === 'exit') this.exit(interruptedExitCode);
      else this.pending = name;
      return;
    }
    active.received = name;
    this.onStop?.(name);
    active.controller.abort(name);
  }
}
