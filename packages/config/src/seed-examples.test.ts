import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MassGenConfig } from './config-model.js';
import { toolSettingsOf } from './config-test-support.js';
import { loadConfig } from './load-config.js';
import { listYamlFiles, seedExamplesDirectory } from './shared-corpus-location.js';

const present = fs.existsSync(seedExamplesDirectory);
const files = listYamlFiles(seedExamplesDirectory);
const title = present
  ? 'seed article examples'
  : `seed article examples (skipped: ${seedExamplesDirectory} does not exist)`;

function load(name: string): Promise<MassGenConfig> {
  return loadConfig(path.join(seedExamplesDirectory, name), { cwd: seedExamplesDirectory, env: {} });
}

describe.skipIf(!present)(title, () => {
  it('has the eleven examples', () => {
    expect(files).toHaveLength(11);
  });

  it.each(files)('%s loads in the seed dialect with no warning beyond the documented missing key', async (file) => {
    const config = await load(file);
    expect(config.dialect).toBe('seed');
    const expected =
      file === 'mcp_multi_servers.yaml'
        ? [
            expect.objectContaining({
              code: 'missing-env-var',
              path: 'agents[0].backend.mcp_servers.brave_search.env.BRAVE_API_KEY',
            }),
          ]
        : [];
    expect(config.warnings).toEqual(expected);
  });

  it('single_agent.yaml: one agent, rounds and threshold', async () => {
    const config = await load('single_agent.yaml');
    expect(config.singleAgent).toBe(true);
    expect(config.agents[0]).toMatchObject({ id: '我的分析助手', backend: { type: 'openai', model: 'gpt-5-nano' } });
    expect(config.orchestrator).toMatchObject({ maxRounds: 3, strategyKeys: { run: { convergence_threshold: 0.8 } } });
  });

  it('team_of_three.yaml: three backends, weighted voting, restarts and display', async () => {
    const config = await load('team_of_three.yaml');
    expect(config.agents.map((agent) => agent.backend.type)).toEqual(['gemini', 'openai', 'grok']);
    expect(config.agents[1]?.backend.sampling).toEqual({ reasoningEffort: 'medium' });
    expect(config.orchestrator).toMatchObject({
      maxRounds: 5,
      strategyKeys: {
        run: { voting_method: 'weighted_by_confidence', enable_restarts: true, restart_after_stagnation: 2 },
      },
    });
    expect(config.display).toEqual({ type: 'textual', liveTimeline: true, showAgentCards: true });
  });

  it('advanced_backend_params.yaml: sampling settings and an LM Studio endpoint', async () => {
    const config = await load('advanced_backend_params.yaml');
    expect(config.agents[0]?.backend.sampling).toEqual({
      reasoningEffort: 'high',
      temperature: 0.7,
      topP: 0.9,
      maxOutputTokens: 4000,
    });
    expect(config.agents[1]?.backend).toMatchObject({
      type: 'lmstudio',
      options: { base_url: 'http://localhost:1234/v1', api_key: 'not-needed' },
    });
  });

  it('claude_code_with_tools.yaml and refactor_pipeline.yaml: workspaces as written, a sequential pipeline', async () => {
    const tools = await load('claude_code_with_tools.yaml');
    expect(toolSettingsOf(tools, 'workspace')?.agents[tools.agents[0]?.id ?? '']?.['cwd']).toBe('./my_project');
    const pipeline = await load('refactor_pipeline.yaml');
    expect(pipeline.strategy).toBe('sequential');
    const workspaces = toolSettingsOf(pipeline, 'workspace')?.agents ?? {};
    expect(pipeline.agents.map((agent) => workspaces[agent.id]?.['cwd'])).toEqual([
      './legacy_script',
      './refactored',
      undefined,
    ]);
  });

  it('mcp_weather.yaml: a map of MCP servers', async () => {
    const config = await load('mcp_weather.yaml');
    expect(toolSettingsOf(config, 'mcp')?.agents[config.agents[0]?.id ?? '']).toEqual({
      mcp_servers: {
        weather_server: { type: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-weather'] },
      },
    });
  });

  it('workspace_management.yaml: workspace roots and read-only context paths for the workspace package', async () => {
    const config = await load('workspace_management.yaml');
    const workspace = toolSettingsOf(config, 'workspace');
    expect(workspace?.run).toMatchObject({
      snapshot_storage: './massgen_snapshots',
      agent_temporary_workspace: './temp_workspaces',
    });
    const contextPaths = workspace?.agents[config.agents[1]?.id ?? '']?.['context_paths'] as Array<{ path: string }>;
    expect(contextPaths.map((entry) => entry.path)).toEqual([
      '../shared_design_assets',
      './project_ui',
      '../database_schema',
    ]);
  });
});
