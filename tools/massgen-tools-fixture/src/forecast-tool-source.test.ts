import { describe, expect, it } from 'vitest';
import type { RunEvent, ToolSourceContext } from '@massgen/core';
import type { ForecastAgentSettings, ForecastRunSettings } from './forecast-settings.js';
import { forecastAgentSettingsSchema, forecastRunSettingsSchema } from './forecast-settings.js';
import { createForecastToolSource } from './forecast-tool-source.js';
import { isActive } from './index.js';

function context(
  agents: Array<{ agentId: string; settings: ForecastAgentSettings }>,
  run?: ForecastRunSettings,
): ToolSourceContext<ForecastAgentSettings, ForecastRunSettings> {
  return {
    settings: { run, agents },
    agentIds: ['planner', 'critic'],
    runId: 'run-1',
    cwd: '/tmp',
    baseDir: '/tmp',
    env: {},
    locate: ({ key }) => ({ path: [key].flat().join('.') }),
    signal: new AbortController().signal,
    warn: () => undefined,
  };
}

const call = { agentId: 'planner', signal: new AbortController().signal };

describe('the forecast tool source', () => {
  it('gives a forecast tool to each agent with a station, in the run-wide units, counting answers', async () => {
    const source = createForecastToolSource(
      context([{ agentId: 'planner', settings: { station: 'North' } }], { units: 'imperial' }),
    );
    const [forecast] = source.toolsFor?.('planner') ?? [];
    expect(source.toolsFor?.('critic')).toEqual([]);
    expect(await forecast?.execute({ city: 'Oslo' }, call)).toEqual({
      content: 'North station: Oslo will be sunny, 70 °F (answers so far: 0).',
    });
    await source.onEvent?.({ type: 'answer', label: 'agent1.1' } as RunEvent);
    expect((await forecast?.execute({ city: 'Rome' }, call))?.content).toContain('(answers so far: 1)');
    expect(await forecast?.execute({ city: '' }, call)).toMatchObject({ isError: true });
  });

  it('checks its settings, with metric units by default, and is needed only when an agent has a station', () => {
    expect(forecastRunSettingsSchema.parse({})).toEqual({ units: 'metric' });
    expect(forecastRunSettingsSchema.safeParse({ units: 'kelvin' }).success).toBe(false);
    expect(forecastAgentSettingsSchema.safeParse({ station: 'North', extra: 1 }).success).toBe(false);
    expect(isActive({ run: { units: 'metric' }, agents: [] })).toBe(false);
    expect(isActive({ run: undefined, agents: [{ agentId: 'a', settings: { station: 'S' } }] })).toBe(true);
  });
});
