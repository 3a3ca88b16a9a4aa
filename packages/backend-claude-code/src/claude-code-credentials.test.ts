import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MassGenError, type Warning } from '@massgen/core';
import { thrownMassGenError } from '@massgen/testing';
import { describe, expect, it } from 'vitest';
import { hasStoredClaudeLogin, placeholderApiKey, resolveClaudeCodeCredential } from './claude-code-credentials.js';
import type { ClaudeCodeCredentialContext } from './claude-code-credentials.js';

function context(
  overrides: Partial<ClaudeCodeCredentialContext>,
  warnings: Warning[] = [],
): ClaudeCodeCredentialContext {
  return {
    configuredKey: undefined,
    baseUrl: undefined,
    env: {},
    warn: (warning) => warnings.push(warning),
    agentId: 'coder',
    provider: 'claude_code',
    hasStoredLogin: () => false,
    ...overrides,
  };
}

function failure(overrides: Partial<ClaudeCodeCredentialContext>): MassGenError {
  return thrownMassGenError(() => resolveClaudeCodeCredential(context(overrides)));
}

describe('choosing the credentials Claude Code gets', () => {
  it('prefers backend.api_key, then ANTHROPIC_API_KEY, then a token variable', () => {
    const env = { ANTHROPIC_API_KEY: 'sk-ant-env', CLAUDE_CODE_OAUTH_TOKEN: 'oat' };
    expect(resolveClaudeCodeCredential(context({ configuredKey: 'sk-ant-config', env }))).toEqual({
      kind: 'api-key',
      apiKey: 'sk-ant-config',
    });
    expect(resolveClaudeCodeCredential(context({ env }))).toEqual({ kind: 'api-key', apiKey: 'sk-ant-env' });
    expect(resolveClaudeCodeCredential(context({ env: { CLAUDE_CODE_OAUTH_TOKEN: 'oat' } }))).toEqual({
      kind: 'token',
      variable: 'CLAUDE_CODE_OAUTH_TOKEN',
    });
    expect(resolveClaudeCodeCredential(context({ env: { ANTHROPIC_AUTH_TOKEN: 'bearer' } }))).toEqual({
      kind: 'token',
      variable: 'ANTHROPIC_AUTH_TOKEN',
    });
  });

  it('accepts a stored claude login, and a local server without any key', () => {
    expect(resolveClaudeCodeCredential(context({ hasStoredLogin: () => true }))).toEqual({ kind: 'login' });
    expect(resolveClaudeCodeCredential(context({ baseUrl: 'http://127.0.0.1:8080' }))).toEqual({
      kind: 'api-key',
      apiKey: placeholderApiKey,
    });
  });

  it('says which variable to set when there is nothing to authenticate with', () => {
    const error = failure({});
    expect(error.code).toBe('BACKEND_MISSING_KEY');
    expect(error.message).toContain('set ANTHROPIC_API_KEY');
    expect(error.message).toContain('CLAUDE_CODE_OAUTH_TOKEN');
    expect(failure({ configuredKey: '  ' }).message).toContain('backend.api_key is empty');
  });

  it('trims stray whitespace with a warning that does not show the key', () => {
    const warnings: Warning[] = [];
    expect(
      resolveClaudeCodeCredential(context({ env: { ANTHROPIC_API_KEY: ' sk-ant-secret-1234\n' } }, warnings)),
    ).toEqual({ kind: 'api-key', apiKey: 'sk-ant-secret-1234' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'api-key-whitespace', agentId: 'coder' });
    expect(warnings[0]?.message).not.toContain('secret');
  });

  it("names the provider of another provider's key without printing it, unless a base_url may expect it", () => {
    const error = failure({ env: { ANTHROPIC_API_KEY: 'AIzaSyD-google-secret' } });
    expect(error.code).toBe('BACKEND_AUTH');
    expect(error.message).toContain('looks like a Google key');
    expect(error.message).not.toContain('google-secret');
    expect(failure({ configuredKey: 'sk-proj-openai-secret' }).message).toContain('OpenAI');
    expect(
      resolveClaudeCodeCredential(
        context({ configuredKey: 'sk-proj-gateway', baseUrl: 'https://gateway.example.com' }),
      ),
    ).toEqual({ kind: 'api-key', apiKey: 'sk-proj-gateway' });
    expect(failure({ configuredKey: 'sk-ant bad key' }).message).toContain('contains spaces');
  });

  it('finds a claude login by its credentials file under CLAUDE_CONFIG_DIR or the home directory', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'massgen-claude-home-'));
    expect(hasStoredClaudeLogin({ HOME: home })).toBe(false);
    mkdirSync(path.join(home, '.claude'));
    writeFileSync(path.join(home, '.claude', '.credentials.json'), '{}');
    expect(hasStoredClaudeLogin({ HOME: home })).toBe(true);
    expect(hasStoredClaudeLogin({ HOME: home, CLAUDE_CONFIG_DIR: path.join(home, 'elsewhere') })).toBe(false);
  });
});
