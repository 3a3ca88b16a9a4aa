import { describe, expect, it } from 'vitest';
import { mixedTeamFile, useProviderTeam } from './provider-team.js';
import { modelArgs, runCli } from './run-cli.js';

const keys = {
  openai: 'sk-test-openai-0123456789',
  anthropic: 'sk-ant-test-0123456789',
  gemini: 'AIzaTestGemini-0123456789',
};
const setup = useProviderTeam('cli-mixed', {
  keys,
  answers: { openai: 'GPT says 4.', anthropic: 'Claude says 4.', gemini: 'Gemini says 4.' },
  finalText: 'Final answer: 4.',
});

describe('a team of mixed backends', () => {
  it('coordinates an openai, a claude and a gemini agent end to end through the CLI', async () => {
    const result = await runCli(['--no-display', '--config', mixedTeamFile, 'What is 2+2?'], {
      cwd: setup.directory,
      env: setup.server.env,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Final answer: 4.\n');
    for (const agent of ['gpt', 'claude', 'gemini'])
      expect(result.stderr).toMatch(new RegExp(`${agent} (answered|voted for)`));
    expect(result.stderr).toMatch(/stop reason: consensus/);
    // Each provider was reached over its own wire protocol.
    expect(setup.server.openai.requests.every((request) => request.api === 'responses')).toBe(true);
    expect(setup.server.openai.requests.length).toBeGreaterThan(0);
    expect(setup.server.anthropic.requests.length).toBeGreaterThan(0);
    expect(setup.server.gemini.requests.length).toBeGreaterThan(0);
    for (const key of Object.values(keys)) expect(result.stderr).not.toContain(key);
  });

  it('infers the backend from the model name for --model', async () => {
    const result = await runCli(
      ['--no-display', ...modelArgs('claude-sonnet-4-6', setup.server.anthropic.url), 'What is 2+2?'],
      {
        cwd: setup.directory,
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
      ['--no-display', ...modelArgs('claude-sonnet-4-6', setup.server.openai.url, 'chatcompletion'), 'What is 2+2?'],
      { cwd: setup.directory, env: { OPENAI_API_KEY: keys.openai } },
    );
    expect(result.stderr).toMatch(/\(chatcompletion, claude-sonnet-4-6\)/);
  });
});
