/**
 * The tool calls the backends' streaming tests script (each in its provider's wire form): one with
 * two arguments, one with another, and one with none, so a backend is seen to put every call back
 * together from its fragments, in order, and to give `{}` for an empty input.
 */
export const scriptedToolCalls = [
  { name: 'get_weather', input: { city: 'Paris', days: 3 } },
  { name: 'get_time', input: { timezone: 'Europe/Paris' } },
  { name: 'now', input: {} },
] as const satisfies ReadonlyArray<{ name: string; input: Record<string, unknown> }>;
