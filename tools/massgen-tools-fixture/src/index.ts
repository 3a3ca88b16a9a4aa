import type { ToolPackageSettings, ToolSource, ToolSourceContext } from '@massgen/core';
import type { ForecastAgentSettings, ForecastRunSettings } from './forecast-settings.js';
import { createForecastToolSource } from './forecast-tool-source.js';

export const specificationVersion = 'v1' as const;

export {
  forecastAgentSettingsSchema as agentSettingsSchema,
  forecastRunSettingsSchema as runSettingsSchema,
} from './forecast-settings.js';

/** Needed only when some agent has a station. */
export function isActive(settings: ToolPackageSettings<ForecastAgentSettings, ForecastRunSettings>): boolean {
  return settings.agents.length > 0;
}

export function createToolSource(
  context: ToolSourceContext<ForecastAgentSettings, ForecastRunSettings>,
): Promise<ToolSource> {
  return Promise.resolve(createForecastToolSource(context));
}
