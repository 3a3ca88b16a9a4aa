import { createHash } from 'node:crypto';

/** Providers accept tool names of letters, digits, `_` and `-`, at most 64 long (OpenAI, Anthropic, Gemini). */
const maximumLength = 64;
const disallowed = /[^A-Za-z0-9_-]/g;

/**
 * The name an agent sees for an MCP tool: `mcp__<server>__<tool>`, as upstream MassGen names
 * them. Characters a provider would reject become `_`; a name too long for providers keeps its
 * start and gets a short hash of the full name, so two long names stay distinct.
 */
export function mcpToolName(serverName: string, toolName: string): string {
  const full = `mcp__${serverName.replace(disallowed, '_')}__${toolName.replace(disallowed, '_')}`;
  if (full.length <= maximumLength) return full;
  const hash = createHash('sha256').update(`${serverName}\u0000${toolName}`).digest('hex').slice(0, 8);
  return `${full.slice(0, maximumLength - hash.length - 1)}_${hash}`;
}

/**
 * Makes `name` unique among `taken` (and records it there). Two servers whose names differ only
 * in characters that were replaced (`a.b` and `a_b`) would otherwise offer the same tool name.
 */
export function claimUniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let suffix = 2; taken.has(candidate); suffix += 1) {
    const ending = `_${suffix}`;
    candidate = `${name.slice(0, maximumLength - ending.length)}${ending}`;
  }
  taken.add(candidate);
  return candidate;
}
