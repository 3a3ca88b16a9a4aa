import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeOpenAIServer, createTeamResponder } from '@massgen/testing';
import type { FakeOpenAIServer } from '@massgen/testing';
import { runCli } from './run-cli.js';

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
