import { MassGenError } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { mapClaudeCodeApiError, mapClaudeCodeFailure, type ClaudeCodeApiErrorReport } from './claude-code-error.js';

const context = {
  provider: 'claude_code',
  providerName: 'Anthropic',
  agentId: 'coder',
  secrets: ['sk-ant-secret-key-123'],
};

function classify(report: ClaudeCodeApiErrorReport): { code: string; retryable: boolean } {
  const error = mapClaudeCodeApiError(report, context);
  return { code: error.code, retryable: error.retryable };
}

describe("classifying Claude Code's failed model calls", () => {
  // Reports as the bundled CLI gives them against the fake Anthropic server.
  it.each<[string, ClaudeCodeApiErrorReport, string, boolean]>([
    [
      'a rejected key',
      {
        category: 'authentication_failed',
        status: 401,
        type: 'authentication_error',
        text: 'Invalid API key · Fix external API key',
      },
      'BACKEND_AUTH',
      false,
    ],
    [
      'a rate limit',
      {
        category: 'rate_limit',
        status: 429,
        type: 'rate_limit_error',
        text: 'API Error: Request rejected (429) · Your account has hit a rate limit.',
      },
      'BACKEND_RATE_LIMIT',
      true,
    ],
    [
      'an overload',
      { category: 'server_error', status: 529, type: 'overloaded_error', text: 'API Error: 529 Overloaded.' },
      'BACKEND_OVERLOADED',
      true,
    ],
    [
      'a server error',
      { category: 'server_error', status: 500, type: 'api_error', text: 'API Error: 500 Internal server error.' },
      'BACKEND_SERVER',
      true,
    ],
    [
      'a spent account',
      { category: 'billing_error', status: 400, type: 'invalid_request_error', text: 'Credit balance is too low' },
      'BACKEND_QUOTA',
      false,
    ],
    [
      'a long prompt',
      {
        category: 'invalid_request',
        status: 400,
        type: 'invalid_request_error',
        text: 'Prompt is too long',
        terminalReason: 'prompt_too_long',
      },
      'BACKEND_CONTEXT_LENGTH',
      false,
    ],
    [
      'an unknown model',
      {
        category: 'model_not_found',
        status: 404,
        type: 'not_found_error',
        text: "There's an issue with the selected model.",
      },
      'BACKEND_NOT_FOUND',
      false,
    ],
    [
      'a bad request',
      {
        category: 'unknown',
        status: 400,
        type: 'invalid_request_error',
        text: 'API Error: 400 There was an issue with the format or content of your request.',
      },
      'BACKEND_BAD_REQUEST',
      false,
    ],
    [
      'a refused connection',
      {
        category: 'server_error',
        status: null,
        text: 'API Error: Connection refused — a firewall or proxy may be blocking it (ECONNREFUSED)',
      },
      'BACKEND_NETWORK',
      true,
    ],
    [
      'a dropped stream',
      {
        category: 'server_error',
        status: null,
        text: 'API Error: Connection dropped (ECONNRESET). Check the gateway set in ANTHROPIC_BASE_URL, then try again.',
      },
      'BACKEND_STREAM',
      true,
    ],
  ])('%s', (_name, report, code, retryable) => {
    expect(classify(report)).toEqual({ code, retryable });
  });

  it('names the provider, carries its words and the status, and hides the key', () => {
    const error = mapClaudeCodeApiError(
      { category: 'authentication_failed', status: 401, text: 'Invalid API key sk-ant-secret-key-123' },
      { ...context, providerName: 'Anthropic API at 127.0.0.1:4000' },
    );
    expect(error.message).toBe(
      "Anthropic API at 127.0.0.1:4000 refused Claude Code's credentials (HTTP 401): Invalid API key [redacted]",
    );
    expect(error).toMatchObject({ statusCode: 401, provider: 'claude_code', agentId: 'coder' });
  });
});

describe('classifying failures of the Claude Code process', () => {
  it('explains a missing CLI and how to get it', () => {
    const missing = Object.assign(
      new ReferenceError(
        'Claude Code native binary not found at /nonexistent/claude. Please ensure Claude Code is installed via native installer or specify a valid path with options.pathToClaudeCodeExecutable.',
      ),
      { code: 'ENOENT' },
    );
    const error = mapClaudeCodeFailure(missing, context);
    expect(error.code).toBe('PLUGIN_NOT_FOUND');
    expect(error.message).toContain('/nonexistent/claude');
    expect(error.message).toContain('backend.cli_path');
  });

  it('reports a CLI that cannot start on this system, and one that crashed, with its exit code', () => {
    expect(
      mapClaudeCodeFailure(
        new ReferenceError(
          'Claude Code native binary at /x/claude exists but failed to launch. This usually means ...',
        ),
        context,
      ).code,
    ).toBe('PLUGIN_INVALID');
    const crash = mapClaudeCodeFailure(
      new Error('Claude Code process exited with code 3. stderr: boom: something broke'),
      context,
    );
    expect(crash).toMatchObject({ code: 'INTERNAL', retryable: false });
    expect(crash.message).toContain('exit code 3');
    expect(crash.message).toContain('boom: something broke');
  });

  it('keeps MassGen errors and aborts for what they are', () => {
    const original = new MassGenError({ code: 'BACKEND_MISSING_KEY', message: 'No credentials' });
    expect(mapClaudeCodeFailure(original, context)).toMatchObject({ code: 'BACKEND_MISSING_KEY', agentId: 'coder' });
    expect(mapClaudeCodeFailure(Object.assign(new Error('aborted'), { name: 'AbortError' }), context).code).toBe(
      'ABORTED',
    );
  });
});
