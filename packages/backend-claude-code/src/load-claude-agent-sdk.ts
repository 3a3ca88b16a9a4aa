import { MassGenError } from '@massgen/core';

/** The `@anthropic-ai/claude-agent-sdk` module, as loaded on first use. */
export type ClaudeAgentSdk = typeof import('@anthropic-ai/claude-agent-sdk');

export const sdkPackageName = '@anthropic-ai/claude-agent-sdk';

let loading: Promise<ClaudeAgentSdk> | undefined;

function isMissingModule(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/**
 * Imports the agent SDK with `importer` and turns its absence into an error that says how to
 * install it. The SDK is an optional dependency (it brings a 400 MB native CLI), so a missing
 * one is an installation choice to explain, not a crash.
 */
export async function importClaudeAgentSdk(importer: () => Promise<ClaudeAgentSdk>): Promise<ClaudeAgentSdk> {
  try {
    return await importer();
  } catch (error) {
    if (!isMissingModule(error)) throw error;
    throw new MassGenError({
      code: 'PLUGIN_NOT_FOUND',
      retryable: false,
      message: `The claude_code backend needs ${sdkPackageName}, an optional dependency that is not installed. Install it with: pnpm add ${sdkPackageName}`,
      cause: error,
    });
  }
}

/**
 * Loads the SDK on the first turn of a Claude Code agent rather than at import, so that the CLI
 * starts fast and teams without such an agent never load it. A failed load is not remembered:
 * the package may be installed before the next attempt.
 */
export function loadClaudeAgentSdk(): Promise<ClaudeAgentSdk> {
  loading ??= importClaudeAgentSdk(() => import('@anthropic-ai/claude-agent-sdk')).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
