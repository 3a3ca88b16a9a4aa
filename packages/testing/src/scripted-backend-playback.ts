import { MassGenError, toMassGenError } from '@massgen/core';
import type { SerializedError } from '@massgen/core';

/**
 * Holds a scripted turn at this point until `until` settles, so a test can order events across
 * agents without sleeping. A rejection ends the turn with an `error` part made from the reason.
 */
export interface ScriptWaitGate {
  type: 'wait';
  until: Promise<unknown>;
}

/** Calls `notify` when the turn reaches this point, so a test can learn how far a turn got. */
export interface ScriptNotifyGate {
  type: 'notify';
  notify: () => void;
}

export type ScriptGate = ScriptWaitGate | ScriptNotifyGate;

/** One step of a scripted turn: a part to stream, or a gate. */
export type ScriptStep<Part> = Part | ScriptGate;

/** Turns in the order they are played, or a function that picks the turn for each request. */
export type Script<Request, Part> =
  | ReadonlyArray<ReadonlyArray<ScriptStep<Part>>>
  | ((request: Request, index: number) => ReadonlyArray<ScriptStep<Part>> | Promise<ReadonlyArray<ScriptStep<Part>>>);

type ErrorPart = { type: 'error'; error: SerializedError };

export interface PlaybackOptions<Request, Part> {
  script: Script<Request, Part>;
  request: Request;
  /** 0-based position of this turn among all turns requested from the double. */
  index: number;
  signal: AbortSignal | undefined;
  /** Names the double in messages, such as `scripted agent "a1"`. */
  owner: string;
  /** Called once when the turn stops because its signal was aborted. */
  onAbort: () => void;
}

export function isScriptGate(step: unknown): step is ScriptGate {
  if (typeof step !== 'object' || step === null) return false;
  const type = (step as { type?: unknown }).type;
  return type === 'wait' || type === 'notify';
}

/**
 * Plays one scripted turn. Every way a turn can stop (abort, a rejected gate, a missing turn)
 * ends with an `error` part, as a real backend stream does, rather than with an exception.
 */
export async function* playScriptedTurn<Request, Part>(
  options: PlaybackOptions<Request, Part>,
): AsyncGenerator<Part | ErrorPart> {
  const { signal } = options;
  let steps: ReadonlyArray<ScriptStep<Part>>;
  try {
    steps = await resolveTurn(options);
  } catch (error) {
    yield { type: 'error', error: toMassGenError(error).toJSON() };
    return;
  }
  for (const step of steps) {
    if (signal?.aborted) {
      options.onAbort();
      yield abortedPart(options.owner);
      return;
    }
    if (!isScriptGate(step)) {
      yield step;
      continue;
    }
    if (step.type === 'notify') {
      step.notify();
      continue;
    }
    const settled = await settleOrAbort(step.until, signal);
    if (settled.kind === 'aborted') {
      options.onAbort();
      yield abortedPart(options.owner);
      return;
    }
    if (settled.kind === 'rejected') {
      yield { type: 'error', error: toMassGenError(settled.reason).toJSON() };
      return;
    }
  }
}

async function resolveTurn<Request, Part>(
  options: PlaybackOptions<Request, Part>,
): Promise<ReadonlyArray<ScriptStep<Part>>> {
  const { script, index } = options;
  if (typeof script === 'function') return script(options.request, index);
  const turn = script[index];
  if (turn === undefined) {
    throw new MassGenError({
      code: 'INTERNAL',
      message: `The ${options.owner} was asked for turn ${index + 1} but its script has only ${script.length} turn(s).`,
    });
  }
  return turn;
}

function abortedPart(owner: string): ErrorPart {
  return {
    type: 'error',
    error: new MassGenError({ code: 'ABORTED', message: `The ${owner} turn was cancelled.` }).toJSON(),
  };
}

type Settled = { kind: 'open' } | { kind: 'rejected'; reason: unknown } | { kind: 'aborted' };

function settleOrAbort(until: Promise<unknown>, signal: AbortSignal | undefined): Promise<Settled> {
  if (signal?.aborted) return Promise.resolve({ kind: 'aborted' });
  return new Promise<Settled>((resolve) => {
    const onAbort = (): void => resolve({ kind: 'aborted' });
    signal?.addEventListener('abort', onAbort, { once: true });
    until.then(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve({ kind: 'open' });
      },
      (reason: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        resolve({ kind: 'rejected', reason });
      },
    );
  });
}
