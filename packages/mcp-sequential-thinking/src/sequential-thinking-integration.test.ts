import { describe, expect, it } from 'vitest';
import type { McpIntegrationModule } from '@massgen/core';
import { connectStartedServer } from '@massgen/mcp/testing';
import * as sequentialThinking from './index.js';

describe('@massgen/mcp-sequential-thinking', () => {
  it('starts the pinned server with its thought log off unless asked, and its one tool answers', async () => {
    const module: McpIntegrationModule<sequentialThinking.SequentialThinkingOptions> = sequentialThinking;
    expect(module.createServer({ log_thoughts: true }, { agentId: 'a', baseDir: '/' }).env).toEqual({
      DISABLE_THOUGHT_LOGGING: 'false',
    });
    expect(module.optionsSchema.safeParse({ log_thoughts: 'yes' }).success).toBe(false);
    const started = module.createServer({}, { agentId: 'a', baseDir: '/' });
    expect(started.env).toEqual({ DISABLE_THOUGHT_LOGGING: 'true' });
    const connection = await connectStartedServer('thinking', started, process.cwd());
    try {
      expect(connection.tools.map((tool) => tool.name)).toEqual([...sequentialThinking.metadata.tools]);
      const result = await connection.callTool(
        'sequentialthinking',
        { thought: 'First, list the files.', thoughtNumber: 1, totalThoughts: 2, nextThoughtNeeded: true },
        { signal: new AbortController().signal, timeoutMs: 30_000 },
      );
      expect(JSON.stringify(result.content)).toContain('thoughtNumber');
    } finally {
      await connection.close();
    }
  });
});
