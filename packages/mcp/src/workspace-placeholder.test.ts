import { describe, expect, it } from 'vitest';
import { workspacePlaceholderWarnings } from './workspace-placeholder.js';

describe('workspacePlaceholderWarnings', () => {
  it("warns that upstream's ${cwd} reaches the server as written", () => {
    const warnings = workspacePlaceholderWarnings(
      { name: 'playwright', type: 'stdio', command: 'npx', args: ['@playwright/mcp', '--output-dir=${cwd}'], env: {} },
      'browser',
    );
    expect(warnings).toEqual([
      {
        code: 'mcp-workspace-placeholder',
        message: `MCP server "playwright" of agent browser uses \${cwd} (the agent's workspace), which MassGen does not replace for MCP servers yet; the server receives it as written`,
        agentId: 'browser',
      },
    ]);
  });

  it('says nothing about a server without it', () => {
    expect(
      workspacePlaceholderWarnings(
        { name: 'api', type: 'streamable-http', url: 'https://example.com/mcp', headers: { 'x-team': 'a' } },
        'browser',
      ),
    ).toEqual([]);
  });
});
