import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeGeminiServer, createGeminiTeamResponder, fakeGeminiErrors } from '@massgen/testing';
import type { FakeGeminiServer } from '@massgen/testing';
import { runCli } from './run-cli.js';

const apiKey = 'AIzaE2eTestKey-0123456789';
let directory: string;
let server: FakeGeminiServer;

beforeEach(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-cli-gemini-'));
  const team = createGeminiTeamResponder({
    answer: { 'gemini-2.5-flash': 'Four, since 2 + 2 = 4.', 'gemini-2.5-pro': 'The sum is 4.' },
    finalText: 'The answer is 4.',
  });
  server = await createFakeGeminiServer({
    apiKey,
    responder: (request, context) =>
      request.model === 'gemini-quota' ? fakeGeminiErrors.dailyQuota({ model: request.model }) : team(request, context),
  });
});

afterEach(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

function writeTeam(agents: Array<{ id: string; model: string }>): string {
  const body = agents
    .map(
      (agent) =>
        `  - id: "${agent.id}"\n    backend:\n      type: gemini\n      model: "${agent.model}"\n      base_url: "${server.url}"\n`,
    )
    .join('');
  const file = path.join(directory, 'team.yaml');
  writeFileSync(file, `agents:\n${body}`);
  return file;
}

describe('massgen with gemini agents', () => {
  it('loads @massgen/backend-gemini by type, coordinates through the Gemini wire protocol and prints the final answer', async () => {
    const file = writeTeam([
      { id: 'flash', model: 'gemini-2.5-flash' },
      { id: 'pro', model: 'gemini-2.5-pro' },
    ]);
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], {
      cwd: directory,
      env: { GEMINI_API_KEY: apiKey },
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    expect(result.stderr).toMatch(/voted for (flash|pro)/);
    expect(
      server.requests.every(
        (request) => request.method === 'streamGenerateContent' && request.headers['x-goog-api-key'] === apiKey,
      ),
    ).toBe(true);
    expect(new Set(server.requests.map((request) => request.model))).toEqual(
      new Set(['gemini-2.5-flash', 'gemini-2.5-pro']),
    );
    expect(
      server.requests.some((request) =>
        request.functionDeclarations.some((declaration) => declaration.name === 'vote'),
      ),
    ).toBe(true);
    expect(result.stderr).not.toContain(apiKey);
  });

  it('drops an agent whose daily quota is spent instead of retrying it, and the team still answers', async () => {
    const file = writeTeam([
      { id: 'flash', model: 'gemini-2.5-flash' },
      { id: 'pro', model: 'gemini-2.5-pro' },
      { id: 'spent', model: 'gemini-quota' },
    ]);
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], {
      cwd: directory,
      env: { GEMINI_API_KEY: apiKey },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The answer is 4.\n');
    // A restart may cancel its first call before the 429 lands; the failure itself is reported once, then the agent is out.
    expect(result.stderr.match(/Gemini daily quota is used up .*BACKEND_QUOTA/g)).toHaveLength(1);
    expect(result.stderr).toMatch(
      /Agent "spent" .* was dropped after a failure that retrying cannot fix: Gemini daily quota/,
    );
  });

  it('exits 1, as a configuration error does, naming both key variables when no key is set, without calling Gemini', async () => {
    const file = writeTeam([{ id: 'flash', model: 'gemini-2.5-flash' }]);
    const result = await runCli(['--no-display', '--config', file, 'q'], { cwd: directory });
    // base_url keeps the check before the run from judging the key missing; the first call finds it so.
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Agent "flash" failed to answer: .*GOOGLE_API_KEY \(or GEMINI_API_KEY\)/);
    expect(server.requests).toHaveLength(0);
  });
});
