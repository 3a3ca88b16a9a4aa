import type { JsonSchema } from '@massgen/core';

/**
 * Brings numbers inside the `minimum`/`maximum` their JSON Schema sets. A llama.cpp grammar can
 * force a number but not its range, so a small model may write `"confidence": 7` where the
 * tool allows 0 to 1; clamping completes what the grammar began instead of letting the call fail.
 */
export function clampToSchemaBounds(value: unknown, schema: JsonSchema | undefined): unknown {
  if (schema === undefined) return value;
  if (typeof value === 'number') {
    const minimum = typeof schema['minimum'] === 'number' ? schema['minimum'] : -Infinity;
    const maximum = typeof schema['maximum'] === 'number' ? schema['maximum'] : Infinity;
    return Math.min(Math.max(value, minimum), maximum);
  }
  if (Array.isArray(value)) {
    const items = isSchema(schema['items']) ? schema['items'] : undefined;
    return value.map((item) => clampToSchemaBounds(item, items));
  }
  if (typeof value === 'object' && value !== null) {
    const properties = isSchema(schema['properties']) ? schema['properties'] : {};
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        const property = properties[key];
        return [key, clampToSchemaBounds(item, isSchema(property) ? property : undefined)];
      }),
    );
  }
  return value;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
