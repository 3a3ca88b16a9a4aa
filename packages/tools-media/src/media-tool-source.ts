import type { Tool, ToolSource, ToolSourceContext } from '@massgen/core';
import { createMediaTools } from './media-tools.js';
import type { MediaSettings } from './media-settings.js';

/**
 * The media tools of one run: every agent gets them when `tools.media` is written, an agent
 * alone when its `backend.tools.media` is (its block then replaces the run-wide one). Nothing
 * starts until a tool is called, so there is nothing to close.
 */
export function createMediaToolSource(context: ToolSourceContext<MediaSettings, MediaSettings>): ToolSource {
  const tools = new Map<string, Tool[]>();
  for (const agentId of context.agentIds) {
    const settings =
      context.settings.agents.find((agent) => agent.agentId === agentId)?.settings ?? context.settings.run;
    if (settings === undefined) continue;
    tools.set(
      agentId,
      createMediaTools({
        agentId,
        settings,
        models: context.models,
        workspace: () => context.workspaceFor?.(agentId),
      }),
    );
  }
  return {
    name: 'media',
    toolsFor: (agentId) => tools.get(agentId) ?? [],
    close: async () => {},
  };
}
