import type { AgentHandle, AgentStreamPart, ToolDefinition, TurnRequest } from '@massgen/core';
import { createRecordedPlayback } from './recorded-playback.js';
import type { Script, ScriptStep } from './scripted-backend-playback.js';

/** One scripted agent turn: the parts it streams, with optional gates between them. */
export type ScriptedAgentTurn = ReadonlyArray<ScriptStep<AgentStreamPart>>;

export interface ScriptedAgentOptions {
  id: string;
  /** Turns played in order, one per `turn` call, or a function choosing each turn. */
  turns: Script<TurnRequest, AgentStreamPart>;
  /** Defaults to `scripted`. */
  provider?: string;
  /** Defaults to `scripted-model`. */
  modelId?: string;
  systemMessage?: string;
  tools?: ToolDefinition[];
}

/** A core `AgentHandle` that plays scripted turns and records what it was asked. */
export interface ScriptedAgent extends AgentHandle {
  /** Every turn request received, in order. */
  readonly requests: TurnRequest[];
  /** 0-based indices of the turns that stopped because their signal was aborted. */
  readonly abortedTurns: number[];
}

export function createScriptedAgent(options: ScriptedAgentOptions): ScriptedAgent {
  const playback = createRecordedPlayback(options.turns, `scripted agent "${options.id}"`);
  return {
    id: options.id,
    provider: options.provider ?? 'scripted',
    modelId: options.modelId ?? 'scripted-model',
    systemMessage: options.systemMessage,
    tools: options.tools ?? [],
    requests: playback.requests,
    abortedTurns: playback.abortedTurns,
    turn: (request: TurnRequest, turnOptions?: { signal?: AbortSignal }) => playback.play(request, turnOptions?.signal),
  };
}
