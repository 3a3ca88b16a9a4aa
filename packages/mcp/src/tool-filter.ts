import { mcpToolName } from './tool-name.js';

export interface ToolFilter {
  /** Only these tools are offered, when set. */
  allowedTools?: readonly string[];
  /** These tools are never offered; wins over `allowedTools`. */
  excludeTools?: readonly string[];
}

export interface FilteredTools<T> {
  selected: T[];
  /** Names in the filter that match no tool of the server, most likely typos. */
  unknownNames: string[];
}

/**
 * Applies a server's `allowed_tools` / `exclude_tools`. A filter entry may name the tool as the
 * server does (`echo`) or as the agent sees it (`mcp__everything__echo`).
 */
export function filterTools<T extends { name: string }>(
  serverName: string,
  tools: readonly T[],
  filter: ToolFilter,
): FilteredTools<T> {
  const matches = (tool: T, names: readonly string[]): boolean =>
    names.includes(tool.name) || names.includes(mcpToolName(serverName, tool.name));
  const allowed = filter.allowedTools;
  const excluded = filter.excludeTools ?? [];
  const selected = tools.filter(
    (tool) => (allowed === undefined || matches(tool, allowed)) && !matches(tool, excluded),
  );
  const unknownNames = [...(allowed ?? []), ...excluded].filter((name) => !tools.some((tool) => matches(tool, [name])));
  return { selected, unknownNames: [...new Set(unknownNames)] };
}
