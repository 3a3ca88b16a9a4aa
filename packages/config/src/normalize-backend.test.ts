import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseYaml } from './config-test-support.js';

describe('agent and backend mapping', () => {
  it('moves sampling settings to their core names and keeps the backend options as written, not upstream features it lacks', () => {
    const config = parseYaml(
      [
        'agents:',
        '  - id: thinker',
        '    system_message: Think hard.',
        '    backend:',
        '      type: openai',
        '      model: gpt-5',
        '      api_key: ${OPENAI_API_KEY}',
        '      base_url: https://example.com/v1',
        '      text: {verbosity: low}',
        '      enable_web_search: true',
        '      reasoning: {effort: high, summary: auto}',
        '      temperature: 0.7',
        '      top_p: 0.9',
        '      max_tokens: 4000',
        '      seed: 42',
      ],
      { OPENAI_API_KEY: 'sk-test' },
    );
    expect(config.agents).toEqual([
      {
        id: 'thinker',
        systemMessage: 'Think hard.',
        backend: {
          type: 'openai',
          model: 'gpt-5',
          sampling: { temperature: 0.7, topP: 0.9, maxOutputTokens: 4000, reasoningEffort: 'high', seed: 42 },
          contextPaths: [],
          mcpServers: [],
          options: {
            api_key: 'sk-test',
            base_url: 'https://example.com/v1',
            text: { verbosity: 'low' },
            reasoning: { summary: 'auto' },
          },
        },
      },
    ]);
  });

  it("keeps upstream's backend-level exclude_tools for the agent, apart from its MCP servers' own, and passes parallel_tool_calls to the backend", () => {
    const config = parseYaml([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: openai',
      '    parallel_tool_calls: true',
      '    mcp_servers:',
      '      notion: {command: notion-mcp, exclude_tools: [delete_page]}',
      '      search: {command: search-mcp}',
      '    exclude_tools: [mcp__search__post_search]',
    ]);
    expect(config.agents[0]?.backend.excludeTools).toEqual(['mcp__search__post_search']);
    expect(config.agents[0]?.backend.mcpServers.map((server) => [server.name, server.excludeTools])).toEqual([
      ['notion', ['delete_page']],
      ['search', undefined],
    ]);
    expect(config.agents[0]?.backend.options).toEqual({ parallel_tool_calls: true });
    expect(config.warnings).toEqual([]);
  });

  it("passes an upstream key to the backend whose own package reads it (OpenRouter's enable_web_search)", () => {
    const config = parseYaml(['agent:', '  id: a', '  backend: {type: openrouter, enable_web_search: true}']);
    expect(config.agents[0]?.backend.options).toEqual({ enable_web_search: true });
    expect(config.warnings).toEqual([]);
  });

  it('drops reasoning from the options when effort was its only key', () => {
    const config = parseYaml(['agent:', '  id: a', '  backend: {type: openai, reasoning: {effort: medium}}']);
    expect(config.agents[0]?.backend.sampling).toEqual({ reasoningEffort: 'medium' });
    expect(config.agents[0]?.backend.options).toEqual({});
  });

  it('leaves the model empty when the file leaves it to the backend, and keeps an explicit package', () => {
    const config = parseYaml(['agent:', '  id: a', '  backend: {type: acme, package: "@acme/massgen-backend"}']);
    expect(config.agents[0]?.backend).toMatchObject({ type: 'acme', model: '', package: '@acme/massgen-backend' });
  });

  it("keeps cwd as written, and reads the seed article's agent-level cwd as the backend's", () => {
    const config = parseYaml([
      'agents:',
      '  - id: a',
      '    backend: {type: claude_code, cwd: ./my_project}',
      '  - id: b',
      '    cwd: ./other',
      '    backend: {type: claude_code}',
    ]);
    expect(config.agents.map((agent) => agent.backend.cwd)).toEqual(['./my_project', './other']);
  });

  it('resolves context paths against the configuration directory, read-only unless write is asked for', () => {
    const config = parseYaml([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: claude_code',
      '    context_paths:',
      '      - {path: ../shared_design_assets, access: read}',
      '      - {path: ./out, permission: write, protected_paths: [index.html]}',
      '      - {path: /abs/docs}',
      '      - {path: ~/notes}',
    ]);
    expect(config.agents[0]?.backend.contextPaths).toEqual([
      { path: '/projects/shared_design_assets', access: 'read', protectedPaths: [] },
      { path: '/projects/demo/out', access: 'write', protectedPaths: ['/projects/demo/out/index.html'] },
      { path: '/abs/docs', access: 'read', protectedPaths: [] },
      { path: `${os.homedir()}/notes`, access: 'read', protectedPaths: [] },
    ]);
  });

  it('reads MCP servers in the map form, with environment values as text', () => {
    const config = parseYaml(
      [
        'agent:',
        '  id: a',
        '  backend:',
        '    type: openai',
        '    mcp_servers:',
        '      brave_search:',
        '        type: stdio',
        '        command: npx',
        '        args: ["-y", "@modelcontextprotocol/server-brave-search", 8080]',
        '        env: {BRAVE_API_KEY: "${BRAVE_API_KEY}", DEBUG: true}',
      ],
      { BRAVE_API_KEY: 'brave-key' },
    );
    expect(config.agents[0]?.backend.mcpServers).toEqual([
      {
        name: 'brave_search',
        key: 'brave_search',
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-brave-search', '8080'],
        env: { BRAVE_API_KEY: 'brave-key', DEBUG: 'true' },
      },
    ]);
  });

  it('reads MCP servers in the list form and infers the transport when type is left out', () => {
    const config = parseYaml([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: claude',
      '    mcp_servers:',
      '      - name: weather',
      '        command: npx',
      '        cwd: ./tools',
      '        allowed_tools: [get_forecast]',
      '      - name: remote',
      '        url: https://example.com/mcp',
      '        headers: {Authorization: Bearer x}',
      '        exclude_tools: [delete_all]',
    ]);
    expect(config.agents[0]?.backend.mcpServers).toEqual([
      {
        name: 'weather',
        key: 0,
        type: 'stdio',
        command: 'npx',
        args: [],
        env: {},
        cwd: './tools',
        allowedTools: ['get_forecast'],
      },
      {
        name: 'remote',
        key: 1,
        type: 'streamable-http',
        url: 'https://example.com/mcp',
        headers: { Authorization: 'Bearer x' },
        excludeTools: ['delete_all'],
      },
    ]);
  });

  it('warns about keys the transport does not use', () => {
    const config = parseYaml([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: claude',
      '    mcp_servers:',
      '      - {name: w, type: stdio, command: npx, url: "https://x.dev"}',
    ]);
    expect(config.warnings).toEqual([
      expect.objectContaining({
        code: 'ignored-key',
        path: 'agent.backend.mcp_servers[0].url',
        message: 'not used by a stdio server, so it is ignored',
      }),
    ]);
  });

  it('loads a backend type with no package as written, leaving its verdict to the run', () => {
    const config = parseYaml([
      'agents:',
      '  - id: coder',
      '    backend: {type: ag2}',
      '  - id: local',
      '    backend: {type: ollama, model: llama3.2}',
    ]);
    expect(config.agents.map((agent) => agent.backend.type)).toEqual(['ag2', 'ollama']);
    // A third-party package may serve either; the run's preflight says what to write instead when none does.
    expect(config.warnings).toEqual([]);
  });

  it('reads an alias as the type it names, and a hosted preset as a type of its own', () => {
    const config = parseYaml([
      'agents:',
      '  - id: a',
      '    backend: {type: anthropic, model: claude-sonnet-4-5}',
      '  - id: b',
      '    backend: {type: kimi, model: kimi-k2}',
      '  - id: c',
      '    backend: {type: zai, model: glm-4.5, base_url: "https://api.z.ai/api/paas/v4/"}',
    ]);
    expect(config.agents.map((agent) => agent.backend.type)).toEqual(['claude', 'moonshot', 'zai']);
    expect(config.warnings).toEqual([]);
  });

  it('does not warn about a backend type when an explicit package provides it', () => {
    expect(parseYaml(['agent:', '  id: a', '  backend: {type: ag2, package: "@acme/ag2-backend"}']).warnings).toEqual(
      [],
    );
  });
});
