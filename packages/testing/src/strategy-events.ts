import type { CoordinationEvent, CoordinationEventType, Strategy, StrategyContext } from '@massgen/core';

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
