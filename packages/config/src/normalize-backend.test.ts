import { describe, expect, it } from 'vitest';
import { parseCleanly, parseFailure, parseYaml, toolSettingsOf } from './config-test-support.js';

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
        '      enable_code_execution: true',
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

  it("keeps upstream's backend-level exclude_tools for the agent, gives its MCP servers (with their own) to the MCP package, and passes parallel_tool_calls to the backend", () => {
    const config = parseCleanly([
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
    expect(toolSettingsOf(config, 'mcp')?.agents['a']).toEqual({
      mcp_servers: {
        notion: { command: 'notion-mcp', exclude_tools: ['delete_page'] },
        search: { command: 'search-mcp' },
      },
    });
    expect(config.agents[0]?.backend.options).toEqual({ parallel_tool_calls: true });
  });

  it("passes an upstream key to the backend whose own package reads it (OpenRouter's enable_web_search)", () => {
    const config = parseCleanly(['agent:', '  id: a', '  backend: {type: openrouter, enable_web_search: true}']);
    expect(config.agents[0]?.backend.options).toEqual({ enable_web_search: true });
  });

  it('drops reasoning from the options when effort was its only key', () => {
    const config = parseYaml(['agent:', '  id: a', '  backend: {type: openai, reasoning: {effort: medium}}']);
    expect(config.agents[0]?.backend.sampling).toEqual({ reasoningEffort: 'medium' });
    expect(config.agents[0]?.backend.options).toEqual({});
  });

  it('reads token prices and per-use prices of the provider tools from pricing, either alone', () => {
    const both = parseYaml([
      'agent:',
      '  id: a',
      '  backend:',
      '    type: grok',
      '    pricing: {input_per_million: 1, output_per_million: 2, tool_uses: {live_search_sources: 0.001}}',
    ]);
    expect(both.agents[0]?.backend).toMatchObject({
      pricing: { inputPerMillion: 1, outputPerMillion: 2 },
      toolUsePrices: { live_search_sources: 0.001 },
    });
    const toolsOnly = parseYaml([
      'agent:',
      '  id: a',
      '  backend: {type: openai, pricing: {tool_uses: {web_search: 0.02}}}',
    ]);
    expect(toolsOnly.agents[0]?.backend.pricing).toBeUndefined();
    expect(toolsOnly.agents[0]?.backend.toolUsePrices).toEqual({ web_search: 0.02 });
    expect(
      parseFailure(['agent:', '  id: a', '  backend: {type: openai, pricing: {input_per_million: 1}}']).issues,
    ).toEqual([
      expect.objectContaining({
        path: 'agent.backend.pricing.output_per_million',
        message: 'missing; expected input_per_million and output_per_million together',
      }),
    ]);
    expect(
      parseFailure(['agent:', '  id: a', '  backend: {type: openai, pricing: {tool_uses: {web_search: cheap}}}'])
        .issues,
    ).toEqual([expect.objectContaining({ path: 'agent.backend.pricing.tool_uses.web_search' })]);
  });

  it('leaves the model empty when the file leaves it to the backend, and keeps an explicit package', () => {
    const config = parseYaml(['agent:', '  id: a', '  backend: {type: acme, package: "@acme/massgen-backend"}']);
    expect(config.agents[0]?.backend).toMatchObject({ type: 'acme', model: '', package: '@acme/massgen-backend' });
  });

  it('loads a backend type with no package as written, leaving its verdict to the run', () => {
    // A third-party package may serve either; the run's preflight says what to write instead when none does.
    const config = parseCleanly([
      'agents:',
      '  - id: coder',
      '    backend: {type: ag2}',
      '  - id: local',
      '    backend: {type: ollama, model: llama3.2}',
    ]);
    expect(config.agents.map((agent) => agent.backend.type)).toEqual(['ag2', 'ollama']);
  });

  it('reads an alias as the type it names, and a hosted preset as a type of its own', () => {
    const config = parseCleanly([
      'agents:',
      '  - id: a',
      '    backend: {type: anthropic, model: claude-sonnet-4-6}',
      '  - id: b',
      '    backend: {type: kimi, model: kimi-k2}',
      '  - id: c',
      '    backend: {type: zai, model: glm-4.5, base_url: "https://api.z.ai/api/paas/v4/"}',
    ]);
    expect(config.agents.map((agent) => agent.backend.type)).toEqual(['claude', 'moonshot', 'zai']);
  });

  it('does not warn about a backend type when an explicit package provides it', () => {
    expect(parseYaml(['agent:', '  id: a', '  backend: {type: ag2, package: "@acme/ag2-backend"}']).warnings).toEqual(
      [],
    );
  });
});
