import type { RunEvent, ToolSource, ToolSourceContext } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import { z } from 'zod';
import type { ForecastAgentSettings, ForecastRunSettings } from './forecast-settings.js';

/**
 * One `forecast` tool per agent that configured a station. The forecast is made up and
 * deterministic: what matters is that the settings of both places reach the tool, that the
 * input is checked by the schema, and that the package sees the run's events.
 */
export function createForecastToolSource(
  context: ToolSourceContext<ForecastAgentSettings, ForecastRunSettings>,
): ToolSource {
  const units = context.settings.run?.units ?? 'metric';
  const answers: string[] = [];
  const tools = new Map(
    context.settings.agents.map(({ agentId, settings }) => [
      agentId,
      defineTool({
        name: 'forecast',
        description: `Tomorrow's weather for a city, from the ${settings.station} station.`,
        inputSchema: z.strictObject({ city: z.string().min(1).describe('The city.') }),
        execute: ({ city }) =>
          `${settings.station} station: ${city} will be sunny, ${units === 'metric' ? '21 °C' : '70 °F'} (answers so far: ${answers.length}).`,
      }),
    ]),
  );
  return {
    name: 'fixture',
    toolsFor: (agentId) => {
      const tool = tools.get(agentId);
      return tool === undefined ? [] : [tool];
    },
    onEvent: (event: RunEvent) => {
      if (event.type === 'answer') answers.push(event.label);
    },
    close: async () => {},
  };
}
