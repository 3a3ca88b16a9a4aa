import type {
  CoordinationEvent,
  CoordinationEventType,
  OrchestratorSettings,
  Strategy,
  StrategyContext,
  AgentHandle,
  TurnRequest,
} from '@massgen/core';

/** Test support for the pipeline's tests: contexts, event collection and prompt text. */

export const sequentialSettings: OrchestratorSettings = {
  workflow: 'sequential',
  maxTurnAttempts: 3,
  budget: {},
};

export interface PipelineContextOptions {
  agents: AgentHandle[];
  settings?: Partial<OrchestratorSettings>;
  signal?: AbortSignal;
  answerNow?: AbortSignal;
  spent?: StrategyContext['spent'];
}

export function createPipelineContext(options: PipelineContextOptions): StrategyContext {
  return {
    runId: 'run-test',
    task: 'Refactor data_cleaner.py and document it.',
    history: [],
    agents: options.agents,
    settings: { ...sequentialSettings, ...options.settings },
    signal: options.signal ?? new AbortController().signal,
    answerNow: options.answerNow ?? new AbortController().signal,
    spent: options.spent ?? (() => ({ tokens: 0, costUsd: 0 })),
  };
}

export async function collectEvents(
  strategy: Strategy,
  context: StrategyContext,
  onEvent: (event: CoordinationEvent) => void = () => undefined,
): Promise<CoordinationEvent[]> {
  const events: CoordinationEvent[] = [];
  for await (const event of strategy.run(context)) {
    events.push(event);
    onEvent(event);
  }
  return events;
}

export function eventsOfType<Type extends CoordinationEventType>(
  events: readonly CoordinationEvent[],
  type: Type,
): Array<Extract<CoordinationEvent, { type: Type }>> {
  return events.filter((event): event is Extract<CoordinationEvent, { type: Type }> => event.type === type);
}

export function onlyEvent<Type extends CoordinationEventType>(
  events: readonly CoordinationEvent[],
  type: Type,
): Extract<CoordinationEvent, { type: Type }> {
  const found = eventsOfType(events, type);
  if (found.length !== 1) throw new Error(`Expected exactly one ${type} event, found ${found.length}.`);
  return found[0] as Extract<CoordinationEvent, { type: Type }>;
}

/** The whole prompt of a request as one string, for `toContain` checks. */
export function promptText(request: TurnRequest | undefined): string {
  return (request?.messages ?? [])
    .map(({ content }) => (typeof content === 'string' ? content : JSON.stringify(content)))
    .join('\n');
}
