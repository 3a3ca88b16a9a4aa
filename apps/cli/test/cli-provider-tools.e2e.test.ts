import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  createAnthropicTeamResponder,
  createFakeAnthropicServer,
  createFakeGeminiServer,
  createFakeOpenAIServer,
  createGeminiTeamResponder,
  createTeamResponder,
} from '@massgen/testing';
import type { RunEvent } from '@massgen/core';
import { officialSite, searchingTeam, teamText } from './provider-tools-team.js';
import { runCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const apiKey = 'sk-or-test-0123456789';

const setup = useFakeServerDirectory('cli-provider-tools', {
  server: () => ({
    apiKey,
    responder: createTeamResponder({ answer: 'Searched: 4.', finalText: 'Final answer: 4.' }),
  }),
  perFile: true,
});

describe('enable_web_search through the CLI', () => {
  it("sends OpenRouter's web plugin for an OpenRouter agent, and warns once for a provider without one", async () => {
    const file = path.join(setup.directory, 'search-team.yaml');
    writeFileSync(
      file,
      `agents:
  - id: searcher
    backend:
      type: openrouter
      model: openai/gpt-4o-mini
      base_url: "${setup.server.url}"
      enable_web_search: true
  - id: plain
    backend:
      type: groq
      model: llama-3.3-70b-versatile
      base_url: "${setup.server.url}"
      enable_web_search: true
`,
    );
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], {
      cwd: setup.directory,
      env: { OPENROUTER_API_KEY: apiKey, GROQ_API_KEY: apiKey },
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Final answer: 4.\n');

    const byModel = (model: string) => setup.server.requests.filter((request) => request.model === model);
    expect(byModel('openai/gpt-4o-mini').length).toBeGreaterThan(0);
    expect(byModel('llama-3.3-70b-versatile').length).toBeGreaterThan(0);
    expect(
      byModel('openai/gpt-4o-mini').every((request) => JSON.stringify(request.body['plugins']) === '[{"id":"web"}]'),
    ).toBe(true);
    expect(byModel('llama-3.3-70b-versatile').some((request) => 'plugins' in request.body)).toBe(false);

    const warnings = result.stderr.split('\n').filter((line) => line.includes('enable_web_search'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('works with OpenRouter and xAI only; groq has no web search of its own');
    expect(result.stderr).not.toContain(apiKey);
  });

  it('--validate accepts enable_web_search on an OpenRouter agent without an "unsupported" warning', async () => {
    const file = path.join(setup.directory, 'validate.yaml');
    writeFileSync(
      file,
      `agent:
  id: searcher
  backend:
    type: openrouter
    model: openai/gpt-4o-mini
    enable_web_search: true
`,
    );
    const result = await runCli(['--validate', file], {
      cwd: setup.directory,
      env: { OPENROUTER_API_KEY: apiKey },
    });
    expect(result.code).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/enable_web_search/);
  });
});

interface ProviderToolsRun {
  /** The backend block of each agent, indented under `backend:`. */
  backend: string;
  env: Record<string, string>;
  /** Keys `--validate` must accept without a word. */
  keys: string[];
  /** How the provider's cited page is listed under "Sources:". */
  citedAs: string;
}

/** Writes a team of two agents with `backend`, validates it, runs it, and returns the record's events. */
async function runSearchingTeam(name: string, run: ProviderToolsRun): Promise<RunEvent[]> {
  const cwd = mkdtempSync(path.join(setup.directory, `${name}-`));
  const file = path.join(cwd, 'team.yaml');
  const agent = (id: string) => `  - id: ${id}\n    backend:\n${run.backend.replace(/^/gm, '      ')}\n`;
  writeFileSync(file, `agents:\n${agent('first')}${agent('second')}`);
  const validated = await runCli(['--validate', file], { cwd, env: run.env });
  expect(validated.code).toBe(0);
  expect(`${validated.stdout}${validated.stderr}`).not.toMatch(new RegExp(run.keys.join('|')));

  const result = await runCli(['--no-display', '--config', file, 'How tall is the Eiffel Tower?'], {
    cwd,
    env: run.env,
  });
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.code).toBe(0);
  // The presenter left the sources out; the winning answer's cited page still ends the final answer.
  expect(result.stdout).toBe(`Final answer: 330 m.\n\nSources:\n- ${run.citedAs}\n`);
  const events = readRunEvents(cwd);
  const runs = path.join(cwd, '.massgen', 'runs');
  const [runId = ''] = readdirSync(runs);
  expect(readFileSync(path.join(runs, runId, 'final.md'), 'utf8')).toBe(result.stdout.trimEnd());
  expect(events.find((event) => event.type === 'run-end')).toMatchObject({ finalAnswer: result.stdout.trimEnd() });
  for (const key of Object.values(run.env)) expect(`${result.stdout}${result.stderr}`).not.toContain(key);
  return events;
}

interface ShownTool {
  name: string;
  input: string;
  output: string;
}

/** The page the providers cite, as Claude's and Gemini's searches list it and the record shows it. */
const cited = `${officialSite.title}: ${officialSite.url}`;
const searchedText = 'The official site gives 330 m.';
const ranCode = (name: string): ShownTool => ({ name, input: 'print(330 * 2)', output: '660' });

/**
 * The record shows the first agent's search and the second's code (or search, for a provider
 * without code) with their results, and the cited page after each agent's text.
 */
function expectProviderTools(events: RunEvent[], search: ShownTool, code: ShownTool = search, citedAs = cited): void {
  const shown = (agentId: string, tool: ShownTool) => [
    expect.objectContaining({ type: 'tool-call', agentId, name: tool.name, input: tool.input }),
    expect.objectContaining({ type: 'tool-result', agentId, name: tool.name, output: tool.output, isError: false }),
  ];
  expect(events).toEqual(expect.arrayContaining([...shown('first', search), ...shown('second', code)]));
  // The pages the text cites follow the agent's text, where people read it.
  for (const agentId of ['first', 'second']) {
    const streamed = events
      .map((event) => (event.type === 'agent-delta' && event.agentId === agentId ? event.text : ''))
      .join('');
    expect(streamed).toContain(`\n\nSources:\n- ${citedAs}`);
  }
}

/** Starts a fake provider for this test alone. */
async function startForTest<Server extends { close(): Promise<void> }>(server: Promise<Server>): Promise<Server> {
  const started = await server;
  onTestFinished(() => started.close());
  return started;
}

describe("OpenAI's own web search and code interpreter through the CLI", () => {
  it('sends web_search and code_interpreter, and the record shows the searches, the code and its output', async () => {
    const openai = await startForTest(
      createFakeOpenAIServer({
        apiKey,
        responder: searchingTeam(createTeamResponder(teamText), {
          text: searchedText,
          serverTools: [
            { type: 'web_search', query: 'Eiffel Tower height', sources: [officialSite] },
            { type: 'code', code: 'print(330 * 2)', output: '660' },
          ],
        }),
      }),
    );
    const events = await runSearchingTeam('openai', {
      backend: `type: openai\nmodel: gpt-5-nano\nbase_url: "${openai.url}"\nenable_web_search: true\nenable_code_interpreter: true`,
      env: { OPENAI_API_KEY: apiKey },
      keys: ['enable_web_search', 'enable_code_interpreter'],
      citedAs: cited,
    });
    expect(openai.requests.every((request) => request.api === 'responses')).toBe(true);
    expect(openai.requests[0]?.body['tools']).toEqual(
      expect.arrayContaining([{ type: 'web_search' }, { type: 'code_interpreter', container: { type: 'auto' } }]),
    );
    expectProviderTools(
      events,
      { name: 'web_search', input: '{"query":"Eiffel Tower height"}', output: officialSite.url },
      ranCode('code_interpreter'),
    );
  });
});

describe("Claude's web search and code execution server tools through the CLI", () => {
  it('sends the server tools and the code execution beta, and the record shows the searches, the code and its output', async () => {
    const anthropicKey = 'sk-ant-test-provider-tools';
    const claude = await startForTest(
      createFakeAnthropicServer({
        apiKey: anthropicKey,
        responder: searchingTeam(createAnthropicTeamResponder(teamText), {
          text: searchedText,
          serverTools: [
            { type: 'web_search', query: 'Eiffel Tower height', results: [officialSite] },
            { type: 'code_execution', code: 'print(330 * 2)', stdout: '660' },
          ],
        }),
      }),
    );
    const events = await runSearchingTeam('claude', {
      backend: `type: claude\nmodel: claude-sonnet-4-6\nbase_url: "${claude.url}"\nenable_web_search: true\nenable_code_execution: true`,
      env: { ANTHROPIC_API_KEY: anthropicKey },
      keys: ['enable_web_search', 'enable_code_execution'],
      citedAs: cited,
    });
    expect(claude.requests[0]?.body['tools']).toEqual(
      expect.arrayContaining([
        { type: 'web_search_20250305', name: 'web_search' },
        { type: 'code_execution_20250522', name: 'code_execution' },
      ]),
    );
    expect(claude.requests.every((request) => request.headers['anthropic-beta'] === 'code-execution-2025-05-22')).toBe(
      true,
    );
    expectProviderTools(
      events,
      { name: 'web_search', input: '{"query":"Eiffel Tower height"}', output: cited },
      ranCode('code_execution'),
    );
  });
});

describe("Gemini's Google Search grounding and code execution through the CLI", () => {
  it('offers google_search and code_execution beside the workflow functions on Gemini 3, and the record shows the searches, the code and its output', async () => {
    const geminiKey = 'AIzaTestKey-provider-tools';
    const gemini = await startForTest(
      createFakeGeminiServer({
        apiKey: geminiKey,
        responder: searchingTeam(createGeminiTeamResponder(teamText), {
          text: searchedText,
          builtInTools: [
            { type: 'google_search', queries: ['Eiffel Tower height'], sources: [officialSite] },
            { type: 'code_execution', code: 'print(330 * 2)', output: '660' },
          ],
        }),
      }),
    );
    const events = await runSearchingTeam('gemini', {
      backend: `type: gemini\nmodel: gemini-3-flash-preview\nbase_url: "${gemini.url}"\nenable_web_search: true\nenable_code_execution: true`,
      env: { GEMINI_API_KEY: geminiKey },
      keys: ['enable_web_search', 'enable_code_execution'],
      citedAs: cited,
    });
    expect(gemini.requests[0]?.body['tools']).toEqual([
      { functionDeclarations: expect.arrayContaining([expect.objectContaining({ name: 'new_answer' })]) },
      { googleSearch: {} },
      { codeExecution: {} },
    ]);
    expect(gemini.requests[0]?.toolConfig).toMatchObject({ includeServerSideToolInvocations: true });
    expectProviderTools(
      events,
      { name: 'google_search', input: '{"queries":["Eiffel Tower height"]}', output: cited },
      ranCode('code_execution'),
    );
  });
});

describe("Grok's live search through the CLI", () => {
  it('asks xAI for a live search with citations, and the record shows the pages used, cited after the text', async () => {
    const xaiKey = 'xai-test-provider-tools';
    const xai = await startForTest(
      createFakeOpenAIServer({
        apiKey: xaiKey,
        responder: searchingTeam(createTeamResponder(teamText), {
          text: searchedText,
          serverTools: [{ type: 'web_search', query: 'Eiffel Tower height', sources: [officialSite] }],
        }),
      }),
    );
    const events = await runSearchingTeam('grok', {
      backend: `type: grok\nmodel: grok-4-1-fast-reasoning\nbase_url: "${xai.url}"\nenable_web_search: true\nextra_body:\n  search_parameters:\n    max_search_results: 3`,
      env: { XAI_API_KEY: xaiKey },
      keys: ['enable_web_search', 'search_parameters'],
      citedAs: officialSite.url,
    });
    expect(xai.requests.every((request) => request.api === 'chat-completions')).toBe(true);
    expect(xai.requests[0]?.body['search_parameters']).toEqual({
      mode: 'auto',
      return_citations: true,
      max_search_results: 3,
    });
    const search = { name: 'live_search', input: '{}', output: officialSite.url };
    expectProviderTools(events, search, search, officialSite.url);
  });

  it('warns, naming the providers that offer it, when a provider has no such tool of its own', async () => {
    const file = path.join(setup.directory, 'no-code-execution.yaml');
    writeFileSync(
      file,
      `agent:\n  id: coder\n  backend:\n    type: openai\n    model: gpt-5-nano\n    enable_code_execution: true\n`,
    );
    const result = await runCli(['--validate', file], { cwd: setup.directory, env: { OPENAI_API_KEY: apiKey } });
    expect(result.code).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain(
      'not offered by this provider: openai has no code execution of its own (offered by claude, gemini); this setting has no effect',
    );
  });
});
