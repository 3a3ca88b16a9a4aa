import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnthropicTeamResponder,
  createFakeAnthropicServer,
  createFakeOpenAIServer,
  createTeamResponder,
} from '@massgen/testing';
import type { FakeAnthropicResponder, FakeOpenAIServer, FakeResponder } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';

const apiKey = 'sk-or-test-0123456789';
let directory: string;
let server: FakeOpenAIServer;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-cli-provider-tools-'));
  server = await createFakeOpenAIServer({
    apiKey,
    responder: createTeamResponder({ answer: 'Searched: 4.', finalText: 'Final answer: 4.' }),
  });
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('enable_web_search through the CLI', () => {
  it("sends OpenRouter's web plugin for an OpenRouter agent, and warns once for a provider without one", async () => {
    const file = path.join(directory, 'search-team.yaml');
    writeFileSync(
      file,
      `agents:
  - id: searcher
    backend:
      type: openrouter
      model: openai/gpt-4o-mini
      base_url: "${server.url}"
      enable_web_search: true
  - id: plain
    backend:
      type: groq
      model: llama-3.3-70b-versatile
      base_url: "${server.url}"
      enable_web_search: true
`,
    );
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], {
      cwd: directory,
      env: { OPENROUTER_API_KEY: apiKey, GROQ_API_KEY: apiKey },
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Final answer: 4.\n');

    const byModel = (model: string) => server.requests.filter((request) => request.model === model);
    expect(byModel('openai/gpt-4o-mini').length).toBeGreaterThan(0);
    expect(byModel('llama-3.3-70b-versatile').length).toBeGreaterThan(0);
    expect(
      byModel('openai/gpt-4o-mini').every((request) => JSON.stringify(request.body['plugins']) === '[{"id":"web"}]'),
    ).toBe(true);
    expect(byModel('llama-3.3-70b-versatile').some((request) => 'plugins' in request.body)).toBe(false);

    const warnings = result.stderr.split('\n').filter((line) => line.includes('enable_web_search'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('works with OpenRouter only; groq has no web search plugin');
    expect(result.stderr).not.toContain(apiKey);
  });

  it('--validate accepts enable_web_search on an OpenRouter agent without an "unsupported" warning', async () => {
    const file = path.join(directory, 'validate.yaml');
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
      cwd: directory,
      env: { OPENROUTER_API_KEY: apiKey },
    });
    expect(result.code).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/enable_web_search/);
  });
});

/** The team's answers come after a web search and a run of code on the provider's side. */
function searchingTeam(): FakeResponder {
  const team = createTeamResponder({ answer: 'The tower is 330 m tall.', finalText: 'Final answer: 330 m.' });
  return async (request, context) => {
    const reply = await team(request, context);
    if (reply.type !== 'tool-calls' || !reply.calls.some((call) => call.name === 'new_answer')) return reply;
    return {
      ...reply,
      text: 'The official site gives 330 m.',
      serverTools: [
        {
          type: 'web_search',
          query: 'Eiffel Tower height',
          sources: [{ url: 'https://www.toureiffel.paris/en', title: 'Official site' }],
        },
        { type: 'code', code: 'print(330 * 2)', output: '660' },
      ],
    };
  };
}

describe("OpenAI's own web search and code interpreter through the CLI", () => {
  it('sends web_search and code_interpreter, and the record shows the searches, the code and its output', async () => {
    const openai = await createFakeOpenAIServer({ apiKey, responder: searchingTeam() });
    try {
      const cwd = mkdtempSync(path.join(directory, 'openai-'));
      const file = path.join(cwd, 'team.yaml');
      const backend = (id: string) => `  - id: ${id}
    backend:
      type: openai
      model: gpt-5-nano
      base_url: "${openai.url}"
      enable_web_search: true
      enable_code_interpreter: true
`;
      writeFileSync(file, `agents:\n${backend('first')}${backend('second')}`);
      const validated = await runCli(['--validate', file], { cwd, env: { OPENAI_API_KEY: apiKey } });
      expect(validated.code).toBe(0);
      expect(`${validated.stdout}${validated.stderr}`).not.toMatch(/enable_web_search|enable_code_interpreter/);

      const result = await runCli(['--no-display', '--config', file, 'How tall is the Eiffel Tower?'], {
        cwd,
        env: { OPENAI_API_KEY: apiKey },
      });
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('Final answer: 330 m.\n');
      expect(openai.requests.every((request) => request.api === 'responses')).toBe(true);
      expect(openai.requests[0]?.body['tools']).toEqual(
        expect.arrayContaining([{ type: 'web_search' }, { type: 'code_interpreter', container: { type: 'auto' } }]),
      );

      const events = readRunEvents(cwd);
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'tool-call',
            agentId: 'first',
            name: 'web_search',
            input: '{"query":"Eiffel Tower height"}',
          }),
          expect.objectContaining({
            type: 'tool-result',
            agentId: 'first',
            name: 'web_search',
            output: 'https://www.toureiffel.paris/en',
            isError: false,
          }),
          expect.objectContaining({
            type: 'tool-call',
            agentId: 'second',
            name: 'code_interpreter',
            input: 'print(330 * 2)',
          }),
          expect.objectContaining({
            type: 'tool-result',
            agentId: 'second',
            name: 'code_interpreter',
            output: '660',
            isError: false,
          }),
        ]),
      );
      // The pages the text cites follow the agent's text, where people read it.
      const streamed = events
        .map((event) => (event.type === 'agent-delta' && event.agentId === 'first' ? event.text : ''))
        .join('');
      expect(streamed).toContain('\n\nSources:\n- Official site: https://www.toureiffel.paris/en');
      expect(readFileSync(file, 'utf8')).not.toContain(apiKey);
    } finally {
      await openai.close();
    }
  });
});

/** Claude answers after a web search and a run of code in Anthropic's sandbox. */
function searchingClaudeTeam(): FakeAnthropicResponder {
  const team = createAnthropicTeamResponder({ answer: 'The tower is 330 m tall.', finalText: 'Final answer: 330 m.' });
  return async (request, context) => {
    const reply = await team(request, context);
    if (reply.type !== 'tool-use' || !reply.calls.some((call) => call.name === 'new_answer')) return reply;
    return {
      ...reply,
      text: 'The official site gives 330 m.',
      serverTools: [
        {
          type: 'web_search',
          query: 'Eiffel Tower height',
          results: [{ url: 'https://www.toureiffel.paris/en', title: 'Official site' }],
        },
        { type: 'code_execution', code: 'print(330 * 2)', stdout: '660' },
      ],
    };
  };
}

describe("Claude's web search and code execution server tools through the CLI", () => {
  it('sends the server tools and the code execution beta, and the record shows the searches, the code and its output', async () => {
    const anthropicKey = 'sk-ant-test-provider-tools';
    const claude = await createFakeAnthropicServer({ apiKey: anthropicKey, responder: searchingClaudeTeam() });
    try {
      const cwd = mkdtempSync(path.join(directory, 'claude-'));
      const file = path.join(cwd, 'team.yaml');
      const backend = (id: string) => `  - id: ${id}
    backend:
      type: claude
      model: claude-sonnet-4-5
      base_url: "${claude.url}"
      enable_web_search: true
      enable_code_execution: true
`;
      writeFileSync(file, `agents:\n${backend('first')}${backend('second')}`);
      const env = { ANTHROPIC_API_KEY: anthropicKey };
      const validated = await runCli(['--validate', file], { cwd, env });
      expect(validated.code).toBe(0);
      expect(`${validated.stdout}${validated.stderr}`).not.toMatch(/enable_web_search|enable_code_execution/);

      const result = await runCli(['--no-display', '--config', file, 'How tall is the Eiffel Tower?'], { cwd, env });
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('Final answer: 330 m.\n');
      expect(claude.requests[0]?.body['tools']).toEqual(
        expect.arrayContaining([
          { type: 'web_search_20250305', name: 'web_search' },
          { type: 'code_execution_20250522', name: 'code_execution' },
        ]),
      );
      expect(
        claude.requests.every((request) => request.headers['anthropic-beta'] === 'code-execution-2025-05-22'),
      ).toBe(true);

      const events = readRunEvents(cwd);
      expect(events).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'tool-call',
            agentId: 'first',
            name: 'web_search',
            input: '{"query":"Eiffel Tower height"}',
          }),
          expect.objectContaining({
            type: 'tool-result',
            agentId: 'first',
            name: 'web_search',
            output: 'Official site: https://www.toureiffel.paris/en',
            isError: false,
          }),
          expect.objectContaining({
            type: 'tool-call',
            agentId: 'second',
            name: 'code_execution',
            input: 'print(330 * 2)',
          }),
          expect.objectContaining({
            type: 'tool-result',
            agentId: 'second',
            name: 'code_execution',
            output: '660',
            isError: false,
          }),
        ]),
      );
      const streamed = events
        .map((event) => (event.type === 'agent-delta' && event.agentId === 'second' ? event.text : ''))
        .join('');
      expect(streamed).toContain('\n\nSources:\n- Official site: https://www.toureiffel.paris/en');
    } finally {
      await claude.close();
    }
  });
});
