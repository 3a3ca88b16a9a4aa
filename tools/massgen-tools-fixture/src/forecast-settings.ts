import { z } from 'zod';

/** `backend.tools.fixture` of an agent. */
export const forecastAgentSettingsSchema = z.strictObject({
  station: z.string({ error: 'expected the name of a weather station' }).min(1),
});

/** `tools.fixture` at the top of the file. */
export const forecastRunSettingsSchema = z.strictObject({
  units: z.enum(['metric', 'imperial'], { error: 'expected "metric" or "imperial"' }).default('metric'),
});

export type ForecastAgentSettings = z.output<typeof forecastAgentSettingsSchema>;
export type ForecastRunSettings = z.output<typeof forecastRunSettingsSchema>;
