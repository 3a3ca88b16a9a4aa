import type { Tool, ToolSource, ToolSourceContext } from '@massgen/core';
import { agentMediaTools } from './agent-media-settings.js';
import { createMediaTools } from './media-tools.js';
import type { MediaAgentSettings, MediaRunSettings } from './media-settings.js';

/**
 * The media tools of one run: every agent gets them when `tools.media` is written, an agent
 * alone when its `backend.tools.media` is (its block then wins over the run-wide one), and what
 * upstream's switches give (see `agentMediaTools`). Nothing starts until a tool is called, so
 * there is nothing to close.
 */
export function createMediaToolSource(context: ToolSourceContext<MediaAgentSettings, MediaRunSettings>): ToolSource {
  const tools = new Map<string, Tool[]>();
  for (const agentId of context.agentIds) {
    const offered = agentMediaTools(context.settings, agentId);
    if (offered === undefined) continue;
    tools.set(
      agentId,
      createMediaTools(
        {
          agentId,
          settings: offered.settings,
          models: context.models,
          workspace: () => context.workspaceFor?.(agentId),
        },
        offered.tools,
      ),
    );
  }
  return {
    name: 'media',
    toolsFor: (agentId) => tools.get(agentId) ?? [],
    close: async () => {},
  };
}
