import type { CoordinationEvent, Strategy, StrategyContext } from '@massgen/core';
import { z } from 'zod';

const text = (error: string) => z.string({ error }).min(1, { error });

/** The `orchestrator` keys this strategy owns, as written. */
export const greetingSettingsSchema = z.object({
  fixture_greeting: text('expected a greeting (text)').describe('What the fixture strategy answers with.'),
  fixture_repeat: z
    .int({ error: 'expected a whole number of at least 1' })
    .gte(1, { error: 'expected a whole number of at least 1' })
    .nullish()
    .describe('How many times it says the greeting. Default 1.'),
});

export type GreetingSettings = z.output<typeof greetingSettingsSchema>;

/** The keys an agent writes for this strategy, beside its `id`, as written. */
export const greetingAgentSettingsSchema = z.object({
  fixture_title: text('expected a title (text)')
    .nullish()
    .describe('How the greeting addresses this agent, before its id ("Dr").'),
});

export type GreetingAgentSettings = z.output<typeof greetingAgentSettingsSchema>;

/** Answers with the greeting, repeated, addressed to the team; no agent is asked. */
export function createGreetingStrategy(): Strategy {
  return { name: 'fixture', run: (context) => greet(context) };
}

async function* greet(context: StrategyContext): AsyncGenerator<CoordinationEvent> {
  yield {
    type: 'run-start',
    task: context.task,
    strategy: 'fixture',
    agents: context.agents.map((agent) => ({ id: agent.id, provider: agent.provider, modelId: agent.modelId })),
  };
  // The runtime has checked the keys; a caller that hands a context over directly gets them checked here.
  const settings = (context.strategySettings?.run ??
    greetingSettingsSchema.parse(context.settings.strategyKeys?.run ?? {})) as GreetingSettings;
  const greeting = Array.from({ length: settings.fixture_repeat ?? 1 }, () => settings.fixture_greeting).join(' ');
  const names = context.agents.map((agent) => {
    const title = agentSettings(context, agent.id).fixture_title;
    return title == null ? agent.id : `${title} ${agent.id}`;
  });
  yield { type: 'run-end', stopReason: 'completed', finalAnswer: `${greeting}, ${names.join(' and ')}.` };
}

function agentSettings(context: StrategyContext, agentId: string): GreetingAgentSettings {
  const checked = context.strategySettings?.agents[agentId];
  if (checked !== undefined) return checked as GreetingAgentSettings;
  return greetingAgentSettingsSchema.parse(context.settings.strategyKeys?.agents[agentId] ?? {});
}
