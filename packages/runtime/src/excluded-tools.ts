import type { Tool, Warning } from '@massgen/core';

/**
 * The tools an agent is offered once its `backend.exclude_tools` is applied. A name that matches
 * none of the agent's tools is a warning: it is most likely a typo, and the tool the user meant to
 * withhold would otherwise stay on offer without a word.
 */
export function withoutExcludedTools(
  tools: Tool[],
  excluded: readonly string[] | undefined,
  context: { agentId: string; agentIndex: number; warn: (warning: Warning) => void },
): Tool[] {
  if (excluded === undefined || excluded.length === 0) return tools;
  const offered = new Set(tools.map((tool) => tool.name));
  for (const name of excluded) {
    if (offered.has(name)) continue;
    context.warn({
      code: 'unknown-tool',
      agentId: context.agentId,
      path: `agents[${context.agentIndex}].backend.exclude_tools`,
      message: `agent ${context.agentId} has no tool named "${name}" to exclude; it is offered ${[...offered].join(', ') || 'no tools'}`,
    });
  }
  const withheld = new Set(excluded);
  return tools.filter((tool) => !withheld.has(tool.name));
}
