/** Whether a parsed YAML value is a mapping (YAML's `key: value` block), not a list or scalar. */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
