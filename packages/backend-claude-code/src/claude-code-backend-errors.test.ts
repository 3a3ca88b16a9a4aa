import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BackendRequest, SerializedError, StreamPart } from '@massgen/core';
import { descendantProcesses, textOf } from '@massgen/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClaudeCodeBackend } from './claude-code-backend.js';
import { collectParts, createClaudeCodeHarness, withThinking } from './claude-code-test-harness.js';
import type { ClaudeCodeHarness } from './claude-code-test-harness.js';
import { importClaudeAgentSdk } from './load-claude-agent-sdk.js';

let harness: ClaudeCodeHarness;

beforeEach(async () => {
  harness = await createClaudeCodeHarness();
});

afterEach(async () => {
  await harness.close();
});

const ask: BackendRequest = { messages: [{ role: 'user', content: 'Say hello.' }] };

function errorOf(parts: readonly StreamPart[]): SerializedError | undefined {
  const last = parts.at(-1);
  return last?.type === 'error' ? last.error : undefined;
}

/** Answers every request with `text`, its stream cut off after `afterEvents` events: dropped, or stalled. */
function cutOffEveryReply(type: 'drop' | 'stall', afterEvents: number, text: string): void {
  harness.server.setResponder(() => ({ type, afterEvents, reply: { type: 'text', text } }));
}

// Each call starts the bundled Claude Code CLI, a process of its own, which on a busy two-core
// machine can take longer than the default 30 s a test.
describe('Claude Code failures, with the bundled CLI', { timeout: 90_000 }, () => {
  it('reports a rejected key as BACKEND_AUTH, naming the server and never the key', async () => {
    const wrongKey = 'sk-ant-wrong-key-0000-9999';
    const parts = await collectParts(createClaudeCodeBackend(harness.settings({ api_key: wrongKey })).stream(ask));
    const error = errorOf(parts);
    expect(error).toMatchObject({
      code: 'BACKEND_AUTH',
      retryable: false,
      statusCode: 401,
      agentId: 'coder',
      provider: 'claude_code',
    });
    expect(error?.message).toContain(`Anthropic API at ${new URL(harness.server.url).host}`);
    expect(JSON.stringify(parts)).not.toContain(wrongKey);
  });

  it("reports a rate limit as retryable, and the next call succeeds (the retry is the runtime's)", async () => {
    harness.server.enqueue({ type: 'error', status: 429, headers: { 'retry-after': '3' } });
    harness.server.setResponder((received) => withThinking(received, { type: 'text', text: 'Hello!' }));
    const backend = createClaudeCodeBackend(harness.settings());
    expect(errorOf(await collectParts(backend.stream(ask)))).toMatchObject({
      code: 'BACKEND_RATE_LIMIT',
      retryable: true,
      statusCode: 429,
    });
    const retried = await collectParts(backend.stream(ask));
    expect(textOf(retried, 'text-delta')).toBe('Hello!');
    expect(retried.at(-1)).toEqual({ type: 'finish', reason: 'stop', rawReason: 'end_turn' });
  });

  it('reports a stream dropped halfway as BACKEND_STREAM, retryable', async () => {
    cutOffEveryReply('drop', 4, 'This reply is cut off in the middle.');
    const parts = await collectParts(createClaudeCodeBackend(harness.settings()).stream(ask));
    expect(errorOf(parts)).toMatchObject({ code: 'BACKEND_STREAM', retryable: true });
    expect(descendantProcesses(process.pid)).toEqual([]);
  });

  it('gives up on a stalled stream after timeout_seconds of silence, and leaves no process behind', async () => {
    cutOffEveryReply('stall', 3, 'Never finished.');
    const parts = await collectParts(createClaudeCodeBackend(harness.settings({ timeout_seconds: 2 })).stream(ask));
    expect(errorOf(parts)).toMatchObject({ code: 'TIMEOUT', retryable: true });
    await harness.server.idle();
    expect(descendantProcesses(process.pid)).toEqual([]);
  });

  it('stops at once when the turn is cancelled mid-stream', async () => {
    cutOffEveryReply('stall', 5, 'A long answer that never ends.');
    const controller = new AbortController();
    const parts: StreamPart[] = [];
    for await (const part of createClaudeCodeBackend(harness.settings()).stream(ask, { signal: controller.signal })) {
      parts.push(part);
      if (part.type === 'text-delta') controller.abort();
    }
    expect(errorOf(parts)).toMatchObject({ code: 'ABORTED', retryable: false });
    await harness.server.idle();
    expect(descendantProcesses(process.pid)).toEqual([]);
  });
});

describe('Claude Code failures before the CLI starts', () => {
  it('says which variable to set when there are no credentials', async () => {
    const parts = await collectParts(createClaudeCodeBackend({ ...harness.settings(), options: {} }).stream(ask));
    expect(errorOf(parts)).toMatchObject({ code: 'BACKEND_MISSING_KEY', retryable: false });
    expect(errorOf(parts)?.message).toContain('ANTHROPIC_API_KEY');
    expect(harness.server.requests).toHaveLength(0);
  });

  it('explains how to install the agent SDK when it is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package '@anthropic-ai/claude-agent-sdk'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const backend = createClaudeCodeBackend(harness.settings(), {
      loadSdk: () => importClaudeAgentSdk(() => Promise.reject(missing)),
    });
    const error = errorOf(await collectParts(backend.stream(ask)));
    expect(error).toMatchObject({ code: 'PLUGIN_NOT_FOUND', agentId: 'coder' });
    expect(error?.message).toContain('pnpm add @anthropic-ai/claude-agent-sdk');
  });

  it('reports a Claude Code executable that crashes, with its exit code and what it wrote to stderr', async () => {
    const crashing = path.join(harness.outside, 'crashing-claude.sh');
    writeFileSync(crashing, '#!/bin/sh\necho "fatal: cannot open config" >&2\nexit 3\n');
    chmodSync(crashing, 0o755);
    const error = errorOf(
      await collectParts(createClaudeCodeBackend(harness.settings({ cli_path: crashing })).stream(ask)),
    );
    expect(error).toMatchObject({ code: 'INTERNAL', retryable: false });
    expect(error?.message).toContain('exit code 3');
    expect(error?.message).toContain('fatal: cannot open config');
    expect(descendantProcesses(process.pid)).toEqual([]);
  });

  it('explains a Claude Code executable that does not exist', async () => {
    const error = errorOf(
      await collectParts(createClaudeCodeBackend(harness.settings({ cli_path: '/nonexistent/claude' })).stream(ask)),
    );
    expect(error).toMatchObject({ code: 'PLUGIN_NOT_FOUND' });
    expect(error?.message).toContain('/nonexistent/claude');
  });
});
