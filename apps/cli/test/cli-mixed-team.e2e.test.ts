import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderTeamServers } from '@massgen/testing';
import type { ProviderTeamServers } from '@massgen/testing';
import { runCli } from './run-cli.js';

const keys = {
  openai: 'sk-test-openai-0123456789',
  anthropic: 'sk-ant-test-0123456789',
  gemini: 'AIzaTestGemini-0123456789',
};
let directory: string;
let servers: ProviderTeamServers;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'massgen-cli-mixed-'));
  servers = await createProviderTeamServers({
    keys,
    answers: { openai: 'GPT says 4.', anthropic: 'Claude says 4.', gemini: 'Gemini says 4.' },
    finalText: 'Final answer: 4.',
  });
});

afterAll(async () => {
  await servers.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('a team of mixed backends', () => {
  it('coordinates an openai, a claude and a gemini agent end to end through the CLI', async () => {
    const file = path.join(directory, 'mixed.yaml');
    writeFileSync(
      file,
      `agents:
  - id: gpt
    backend:
      type: openai
      model: gpt-5-nano
      base_url: "${servers.openai.url}"
      api_key: "\${OPENAI_API_KEY}"
  - id: claude
    backend:
      type: claude
      model: claude-sonnet-4-6
      base_url: "${servers.anthropic.url}"
      api_key: "\${ANTHROPIC_API_KEY}"
  - id: gemini
    backend:
      type: gemini
      model: gemini-2.5-flash
      base_url: "${servers.gemini.url}"
      api_key: "\${GEMINI_API_KEY}"
`,
    );
    const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], {
      cwd: directory,
      env: servers.env,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Final answer: 4.\n');
    for (const agent of ['gpt', 'claude', 'gemini'])
      expect(result.stderr).toMatch(new RegExp(`${agent} (answered|voted for)`));
    expect(result.stderr).toMatch(/stop reason: consensus/);
    // Each provider was reached over its own wire protocol.
    expect(servers.openai.requests.every((request) => request.api === 'responses')).toBe(true);
    expect(servers.openai.requests.length).toBeGreaterThan(0);
    expect(servers.anthropic.requests.length).toBeGreaterThan(0);
    expect(servers.gemini.requests.length).toBeGreaterThan(0);
    for (const key of Object.values(keys)) expect(result.stderr).not.toContain(key);
  });

  it('infers the backend from the model name for --model', async () => {
    const result = await runCli(
      ['--no-display', '--model', 'claude-sonnet-4-6', '--base-url', servers.anthropic.url, 'What is 2+2?'],
      {
        cwd: directory,
        env: { ANTHROPIC_API_KEY: keys.anthropic },
      },
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Final answer: 4.\n');
    expect(result.stderr).toMatch(/\(claude, claude-sonnet-4-6\)/);
  });

  it('lets --backend override the inferred type', async () => {
    const result = await runCli(
      [
        '--no-display',
        '--model',
        'claude-sonnet-4-6',
        '--backend',
        'chatcompletion',
        '--base-url',
        servers.openai.url,
        'What is 2+2?',
      ],
      {
        cwd: directory,
        env: { OPENAI_API_KEY: keys.openai },
      },
    );
    expect(result.stderr).toMatch(/\(chatcompletion, claude-sonnet-4-6\)/);
  });
});
