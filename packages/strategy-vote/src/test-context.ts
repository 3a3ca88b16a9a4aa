import { createScriptedAgent, hang, newAnswerCall, textTurn, voteCall } from '@massgen/testing';
import type { ScriptedAgent } from '@massgen/testing';
import type {
  AgentHandle,
  CoordinationEvent,
  CoordinationEventType,
  HumanMessage,
  HumanMessages,
  OrchestratorSettings,
  Strategy,
  StrategyContext,
  TurnRequest,
} from '@massgen/core';
import type { VoteAgentKeys, VoteKeys } from './vote-settings-schema.js';
import { createVoteStrategy } from './vote-strategy.js';

/** Test support for the strategy's tests: contexts, event collection and request inspection. */

export const defaultSettings: OrchestratorSettings = {
  workflow: 'parallel',
  maxTurnAttempts: 3,
  budget: {},
};

const sharedKeys: ReadonlySet<string> = new Set<keyof OrchestratorSettings>([
  'workflow',
  'maxRounds',
  'timeoutMs',
  'roundTimeoutMs',
  'coordinateSingleAgent',
  'maxTurnAttempts',
  'budget',
]);

/** What a test may set of a strategy's context; the rest gets a neutral default. */
export interface TestContextOptions extends Partial<
  Pick<StrategyContext, 'task' | 'history' | 'signal' | 'answerNow' | 'spent' | 'humanMessages' | 'resume' | 'models'>
> {
  agents: AgentHandle[];
  /** Shared settings, and the vote keys as a configuration writes them (`interrupt_stale_turns`). */
  settings?: Partial<OrchestratorSettings> & VoteKeys;
  /** Agents' own vote keys, by agent id. */
  agentKeys?: Record<string, VoteAgentKeys>;
}

export function createTestContext(options: TestContextOptions): StrategyContext {
  const { agents, settings: _settings, agentKeys: _agentKeys, ...given } = options;
  return {
    runId: 'run-test',
    task: 'What is the capital of France?',
    history: [],
    signal: new AbortController().signal,
    answerNow: new AbortController().signal,
    spent: () => ({ tokens: 0, costUsd: 0 }),
    ...given,
    agents,
    settings: settingsOf(options),
  };
}

/** The shared settings, with every other key handed to the strategy as written, as the runtime hands them. */
function settingsOf(options: TestContextOptions): OrchestratorSettings {
  const given = Object.entries(options.settings ?? {});
  const shared = Object.fromEntries(given.filter(([key]) => sharedKeys.has(key)));
  const run = Object.fromEntries(given.filter(([key]) => !sharedKeys.has(key)));
  return { ...defaultSettings, ...shared, strategyKeys: { run, agents: options.agentKeys ?? {} } };
}

/** A person's side of a run, for tests: `send` hands a message to whoever listens, at once. */
export function createMessageChannel(): HumanMessages & { send(message: HumanMessage): void } {
  const listeners = new Set<(message: HumanMessage) => void>();
  return {
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: (message) => {
      if (listeners.size === 0) throw new Error('Nobody listens to the messages yet.');
      for (const listener of listeners) listener(message);
    },
  };
}

/** Runs the vote strategy to its end on a context made of `options`; `onEvent` as for `collectEvents`. */
export function runVote(
  options: TestContextOptions,
  onEvent?: (event: CoordinationEvent) => void,
): Promise<CoordinationEvent[]> {
  return collectEvents(createVoteStrategy(), createTestContext(options), onEvent);
}

/** Runs a strategy to its end. `onEvent` sees each event as it is yielded, to open gates. */
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

/** The labels a turn's `vote` tool offered; empty when `vote` was not offered. */
export function offeredLabels(request: TurnRequest): string[] {
  const vote = request.workflowTools.find((tool) => tool.name === 'vote');
  const properties = vote?.inputSchema['properties'] as { agent_id?: { enum?: string[] } } | undefined;
  return properties?.agent_id?.enum ?? [];
}

export function offeredToolNames(request: TurnRequest): string[] {
  return request.workflowTools.map((tool) => tool.name);
}

/** The whole prompt of a request as one string, for `toContain` checks. */
export function promptText(request: TurnRequest | undefined): string {
  return (request?.messages ?? [])
    .map(({ content }) => (typeof content === 'string' ? content : JSON.stringify(content)))
    .join('\n');
}

export function isPresentation(request: TurnRequest): boolean {
  return request.toolChoice === 'none';
}

/** Answers at once, then votes for the first answer on offer; presents with `<id> presents`. */
export function answerThenVote(id: string, answer: string): ScriptedAgent {
  return createScriptedAgent({
    id,
    turns: (request, index) => {
      if (isPresentation(request)) return textTurn(`${id} presents`);
      return index === 0
        ? textTurn('', newAnswerCall(answer))
        : textTurn('', voteCall(offeredLabels(request)[0] as string, 'fine'));
    },
  });
}

/** Answers in its first turn; afterwards votes for the first answer it is offered. */
export function answerThenVoteFirst(id: string): ScriptedAgent {
  return answerThenVoteBy(id);
}

/**
 * Answers in its first turn; afterwards votes for the answer `choose` picks among those offered
 * (the first, unless told), or never ends its turn when `choose` picks none.
 */
export function answerThenVoteBy(
  id: string,
  choose: (labels: readonly string[]) => string | undefined = (labels) => labels[0] ?? 'agent1',
): ScriptedAgent {
  return createScriptedAgent({
    id,
    turns: (request: TurnRequest, index: number) => {
      if (isPresentation(request)) return textTurn(`Final from ${id}`);
      if (index === 0) return textTurn('', newAnswerCall(`Answer of ${id}.`));
      const label = choose(offeredLabels(request));
      return label === undefined ? [hang()] : textTurn('', voteCall(label, 'first I was shown'));
    },
  });
}

/** The labels of every turn in which the agent could vote, in order. */
export function votingViews(agent: ScriptedAgent): string[][] {
  return agent.requests
    .filter((request) => !isPresentation(request))
    .map(offeredLabels)
    .filter((labels) => labels.length > 0);
}
