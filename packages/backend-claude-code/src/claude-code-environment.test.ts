import { describe, expect, it } from 'vitest';
import { buildClaudeCodeEnvironment, type ClaudeCodeEnvironmentInput } from './claude-code-environment.js';

function build(overrides: Partial<ClaudeCodeEnvironmentInput>): Record<string, string> {
  return buildClaudeCodeEnvironment({
    env: {},
    credential: { kind: 'api-key', apiKey: 'sk-ant-chosen' },
    baseUrl: undefined,
    timeoutMs: 600_000,
    maxOutputTokens: undefined,
    extra: {},
    ...overrides,
  });
}

describe('the environment of the Claude Code process', () => {
  it("passes the shell's basics and Claude Code's own settings, and keeps other secrets out", () => {
    const environment = build({
      env: {
        PATH: '/usr/bin',
        HOME: '/home/u',
        LC_ALL: 'C',
        CLAUDE_CODE_USE_BEDROCK: '1',
        OPENAI_API_KEY: 'sk-proj-x',
        GEMINI_API_KEY: 'g',
        DATABASE_URL: 'postgres://secret',
        UNSET: undefined,
      },
    });
    expect(environment).toMatchObject({ PATH: '/usr/bin', HOME: '/home/u', LC_ALL: 'C', CLAUDE_CODE_USE_BEDROCK: '1' });
    expect(environment).not.toHaveProperty('OPENAI_API_KEY');
    expect(environment).not.toHaveProperty('GEMINI_API_KEY');
    expect(environment).not.toHaveProperty('DATABASE_URL');
  });

  it('hands over only the chosen credential', () => {
    const env = { ANTHROPIC_API_KEY: ' sk-ant-raw ', CLAUDE_CODE_OAUTH_TOKEN: 'oat', ANTHROPIC_AUTH_TOKEN: 'bearer' };
    expect(build({ env })).toMatchObject({ ANTHROPIC_API_KEY: 'sk-ant-chosen' });
    expect(build({ env })).not.toHaveProperty('CLAUDE_CODE_OAUTH_TOKEN');
    const withToken = build({ env, credential: { kind: 'token', variable: 'CLAUDE_CODE_OAUTH_TOKEN' } });
    expect(withToken).toMatchObject({ CLAUDE_CODE_OAUTH_TOKEN: 'oat' });
    expect(withToken).not.toHaveProperty('ANTHROPIC_API_KEY');
    expect(build({ env, credential: { kind: 'login' } })).not.toHaveProperty('ANTHROPIC_API_KEY');
  });

  it('turns off retries, sets the timeout, base URL and output cap, and lets backend.env override', () => {
    const environment = build({
      baseUrl: 'http://127.0.0.1:4000',
      timeoutMs: 30_000,
      maxOutputTokens: 2048,
      extra: { API_TIMEOUT_MS: '99', MY_FLAG: 'on' },
    });
    expect(environment).toMatchObject({
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:4000',
      CLAUDE_CODE_MAX_RETRIES: '0',
      API_TIMEOUT_MS: '99',
      CLAUDE_CODE_MAX_OUTPUT_TOKENS: '2048',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      MY_FLAG: 'on',
    });
    expect(build({ env: { ANTHROPIC_BASE_URL: 'https://gateway.example.com' } })).toMatchObject({
      ANTHROPIC_BASE_URL: 'https://gateway.example.com',
      API_TIMEOUT_MS: '600000',
    });
  });
});
