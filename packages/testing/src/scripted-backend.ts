import type { Backend, BackendCallOptions, BackendRequest, StreamPart } from '@massgen/core';
import { createRecordedPlayback } from './recorded-playback.js';
import type { Script, ScriptStep } from './scripted-backend-playback.js';

/** One scripted model call: the parts it streams, with optional gates between them. */
export type ScriptedTurn = ReadonlyArray<ScriptStep<StreamPart>>;

export interface ScriptedBackendOptions {
  /** Turns played in order, one per `stream` call, or a function choosing each turn. */
  turns: Script<BackendRequest, StreamPart>;
  /** Defaults to `scripted`. */
  provider?: string;
  /** Defaults to `scripted-model`. */
  modelId?: string;
}

/** A core `Backend` that plays scripted streams and records what it was asked. */
export interface ScriptedBackend extends Backend {
  /** Every request received, in order. */
  readonly requests: BackendRequest[];
  /** 0-based indices of the turns that stopped because their signal was aborted. */
  readonly abortedTurns: number[];
}

export function createScriptedBackend(options: ScriptedBackendOptions): ScriptedBackend {
  const provider = options.provider ?? 'scripted';
  const modelId = options.modelId ?? 'scripted-model';
  const playback = createRecordedPlayback(options.turns, `scripted backend "${provider}/${modelId}"`);
  return {
    specificationVersion: 'v1',
    provider,
    modelId,
    requests: playback.requests,
    abortedTurns: playback.abortedTurns,
    stream: (request: BackendRequest, callOptions?: BackendCallOptions) => playback.play(request, callOptions?.signal),
  };
}
