import { MassGenError } from '@massgen/core';
import type { AgentWorkspace, Backend, ToolModelChoice, ToolModels } from '@massgen/core';
import { agentWorkspaceSandbox } from '@massgen/workspace';
import type { PathSandbox } from '@massgen/workspace';
import { defaultMaxFileMegabytes, defaultUrlTimeoutSeconds } from './media-settings.js';
import type { MediaSettings } from './media-settings.js';
import type { MediaInputLimits } from './read-media-input.js';

/** What one agent's media tools share: who calls, which models, which files. */
export interface MediaToolContext {
  agentId: string;
  settings: MediaSettings;
  /** Absent outside a run that can create backends; every tool then says so. */
  models: ToolModels | undefined;
  /** The agent's workspace as the workspace package gives it, read at each call. */
  workspace: () => AgentWorkspace | undefined;
}

/** What a call of one tool works with. */
export interface MediaCall {
  sandbox: PathSandbox;
  limits: MediaInputLimits;
  open(choice: ToolModelChoice): Promise<Backend>;
}

export function mediaCall(context: MediaToolContext, tool: string, signal: AbortSignal): MediaCall {
  const { settings } = context;
  return {
    sandbox: agentWorkspaceSandbox(context.workspace),
    limits: {
      maxBytes: (settings.max_file_mb ?? defaultMaxFileMegabytes) * 1024 * 1024,
      urlTimeoutMs: (settings.url_timeout_seconds ?? defaultUrlTimeoutSeconds) * 1000,
      signal,
    },
    open(choice) {
      if (context.models === undefined) {
        return Promise.reject(
          new MassGenError({
            code: 'TOOL_FAILED',
            message: `${tool} cannot call a model here: it runs only inside a MassGen run, which gives tools their models.`,
          }),
        );
      }
      return context.models.open(context.agentId, choice);
    },
  };
}
