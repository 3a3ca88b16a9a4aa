import type { BackendMetadata } from '@massgen/core';
import { apiKeyVariable, tokenVariables } from './claude-code-credentials.js';

export const metadata: BackendMetadata = {
  types: [
    {
      type: 'claude_code',
      displayName: 'Claude Code',
      description:
        "Claude Code's agent with its built-in tools, confined to the agent's workspace (needs @anthropic-ai/claude-agent-sdk)",
      defaultModel: 'claude-sonnet-4-6',
      apiKeyEnvironmentVariables: [apiKeyVariable, ...tokenVariables],
      // A stored `claude login` works too.
      requiresApiKey: false,
    },
  ],
  heavy: true,
};
