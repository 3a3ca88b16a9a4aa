import type { TurnRequest } from '@massgen/core';

/** Reading a turn's request in the strategy's tests: what it offered, and whether it presents. */

/** The labels a turn's `vote` tool offered; empty when `vote` was not offered. */
export function offeredLabels(request: TurnRequest): string[] {
  const vote = request.workflowTools.find((tool) => tool.name === 'vote');
  const properties = vote?.inputSchema['properties'] as { agent_id?: { enum?: string[] } } | undefined;
  return properties?.agent_id?.enum ?? [];
}

export function offeredToolNames(request: TurnRequest): string[] {
  return request.workflowTools.map((tool) => tool.name);
}

export function isPresentation(request: TurnRequest): boolean {
  return request.toolChoice === 'none';
}
