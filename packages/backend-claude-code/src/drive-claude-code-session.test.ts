import { AsyncQueue } from '@massgen/backend-utils';
import type { Message, StreamPart } from '@massgen/core';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import type { BridgedToolCall, BridgedToolHandler, BridgedToolResult } from './claude-code-prepare-tools.js';
import { ClaudeCodeSession } from './claude-code-session.js';
import { driveClaudeCodeSession } from './drive-claude-code-session.js';
import type { ClaudeAgentSdk } from './load-claude-agent-sdk.js';
import { ParkedSessions } from './parked-sessions.js';

const errorContext = { provider: 'claude_code', providerName: 'Anthropic', agentId: 'coder', secrets: [] };

/**
 * A session over a scripted SDK: the test plays Claude Code, pushing its messages and calling
 * MassGen's tools through the handler the session gives the bridge.
 */
function scriptedSession() {
  const messages = new AsyncQueue<SDKMessage | Error | 'end'>();
  let handle: BridgedToolHandler = () => Promise.reject(new Error('no handler yet'));
  let options: Options | undefined;
  async function* play(): AsyncGenerator<SDKMessage> {
    for (;;) {
      const next = await messages.next({ timeoutMs: 60_000 });
      if (next.kind !== 'item' || next.item === 'end') return;
      if (next.item instanceof Error) throw next.item;
      yield next.item;
    }
  }
  const sdk = {
    createSdkMcpServer: () => ({ type: 'sdk', name: 'massgen', instance: {} }),
    query: () => play(),
  } as unknown as ClaudeAgentSdk;
  const session = new ClaudeCodeSession({
    sdk,
    prepareTools: (handler) => {
      handle = handler;
      return { definitions: [{ name: 'x' } as never], names: ['new_answer', 'lookup'], warnings: [] };
    },
    configure: ({ abortController }) => {
      options = { abortController };
      return { prompt: 'Task', options };
    },
    streamContext: { ...errorContext, isBridgedTool: (name) => name.startsWith('mcp__massgen__') },
  });
  return {
    session,
    send: (message: Record<string, unknown>) =>
      messages.push({ session_id: 's', uuid: 'u', parent_tool_use_id: null, ...message } as unknown as SDKMessage),
    fail: (error: Error) => messages.push(error),
    end: () => messages.push('end'),
    call: (call: BridgedToolCall): Promise<BridgedToolResult> => handle(call),
    aborted: () => options?.abortController?.signal.aborted === true,
  };
}

const result = (fields: Record<string, unknown> = {}) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  stop_reason: 'end_turn',
  modelUsage: {
    'claude-fake-1': { inputTokens: 100, outputTokens: 20, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 },
  },
  ...fields,
});

async function drive(
  session: ClaudeCodeSession,
  parked = new ParkedSessions(),
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  for await (const part of driveClaudeCodeSession(session, {
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? 60_000,
    parked,
  }))
    parts.push(part);
  return parts;
}

describe('driving a Claude Code session', () => {
  it('ends the step on a workflow call once Claude Code has finished, with its usage', async () => {
    const scripted = scriptedSession();
    // The SDK may hand over the call before the messages that precede it: it waits for its tool_use block.
    const reply = scripted.call({ id: 'toolu_1', name: 'new_answer', input: '{"content":"42"}', endsTurn: true });
    scripted.send({
      type: 'stream_event',
      event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Done.' } },
    });
    scripted.send({
      type: 'assistant',
      message: {
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'mcp__massgen__new_answer', input: { content: '42' } }],
      },
    });
    scripted.send(result({ stop_reason: 'tool_use' }));
    scripted.end();
    expect(await drive(scripted.session)).toEqual([
      { type: 'text-delta', text: 'Done.' },
      { type: 'tool-call', id: 'toolu_1', name: 'new_answer', input: '{"content":"42"}' },
      { type: 'usage', usage: { inputTokens: 100, outputTokens: 20 } },
      { type: 'finish', reason: 'tool-calls' },
    ]);
    await expect(reply).resolves.toEqual({ content: 'Received. Your turn ends here.', isError: false });
    expect(scripted.aborted()).toBe(true);
  });

  it('parks the session on a runtime tool call and resumes it with the result, counting usage once', async () => {
    const scripted = scriptedSession();
    const parked = new ParkedSessions();
    const reply = scripted.call({ id: 'toolu_2', name: 'lookup', input: '{"word":"moot"}', endsTurn: false });
    scripted.send({
      type: 'stream_event',
      event: { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 60, output_tokens: 5 } } },
    });
    scripted.send({
      type: 'assistant',
      message: {
        content: [{ type: 'tool_use', id: 'toolu_2', name: 'mcp__massgen__lookup', input: { word: 'moot' } }],
      },
    });
    const first = await drive(scripted.session, parked);
    expect(first).toEqual([
      { type: 'tool-call', id: 'toolu_2', name: 'lookup', input: '{"word":"moot"}' },
      { type: 'usage', usage: { inputTokens: 60, outputTokens: 5 } },
      { type: 'finish', reason: 'tool-calls' },
    ]);
    expect(parked.resume([{ role: 'user', content: 'Define moot.' }])).toBeUndefined();
    const history: Message[] = [
      { role: 'user', content: 'Define moot.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'toolu_2', name: 'lookup', input: '{"word":"moot"}' }] },
      { role: 'tool', toolCallId: 'toolu_2', toolName: 'lookup', content: 'open to debate' },
    ];
    expect(parked.resume(history)).toBe(scripted.session);
    await expect(reply).resolves.toEqual({ content: 'open to debate', isError: false });
    expect(parked.resume(history)).toBeUndefined();
    scripted.send(result());
    scripted.end();
    expect(await drive(scripted.session, parked)).toEqual([
      { type: 'usage', usage: { inputTokens: 40, outputTokens: 15 } },
      { type: 'finish', reason: 'stop', rawReason: 'end_turn' },
    ]);
  });

  it('closes a parked session when its turn is cancelled, answering the pending call', async () => {
    const scripted = scriptedSession();
    const parked = new ParkedSessions();
    const controller = new AbortController();
    const reply = scripted.call({ id: 'massgen_call_3', name: 'lookup', input: '{}', endsTurn: false });
    await drive(scripted.session, parked, { signal: controller.signal });
    controller.abort();
    await expect(reply).resolves.toEqual({ content: 'The turn was stopped before this tool ran.', isError: true });
    expect(scripted.aborted()).toBe(true);
    expect(
      parked.resume([{ role: 'tool', toolCallId: 'massgen_call_3', toolName: 'lookup', content: 'late' }]),
    ).toBeUndefined();
  });

  it('closes a parked session nobody resumes within the timeout', async () => {
    const scripted = scriptedSession();
    const reply = scripted.call({ id: 'massgen_call_4', name: 'lookup', input: '{}', endsTurn: false });
    await drive(scripted.session, new ParkedSessions(), { timeoutMs: 5 });
    await expect(reply).resolves.toMatchObject({ isError: true });
    expect(scripted.session.isClosed).toBe(true);
  });

  it('fails with TIMEOUT when Claude Code goes silent, and with ABORTED when cancelled', async () => {
    const silent = scriptedSession();
    const parts = await drive(silent.session, new ParkedSessions(), { timeoutMs: 5 });
    expect(parts.at(-1)).toMatchObject({ type: 'error', error: { code: 'TIMEOUT', retryable: true } });
    expect(silent.aborted()).toBe(true);
    const cancelled = scriptedSession();
    const controller = new AbortController();
    controller.abort();
    expect((await drive(cancelled.session, new ParkedSessions(), { signal: controller.signal })).at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'ABORTED' },
    });
  });

  it("reports an error result rather than the SDK's exception after it, and an exception alone as a failure", async () => {
    const failed = scriptedSession();
    failed.send({
      type: 'assistant',
      error: 'overloaded',
      api_error_status: 529,
      message: { content: [{ type: 'text', text: 'API Error: 529 Overloaded.' }] },
    });
    failed.send(
      result({ is_error: true, stop_reason: 'stop_sequence', modelUsage: {}, result: 'API Error: 529 Overloaded.' }),
    );
    failed.fail(new Error('Claude Code returned an error result: API Error: 529 Overloaded.'));
    expect((await drive(failed.session)).at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'BACKEND_OVERLOADED', retryable: true, statusCode: 529 },
    });
    const crashed = scriptedSession();
    crashed.fail(new Error('Claude Code process exited with code 1. stderr: out of memory'));
    expect((await drive(crashed.session)).at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'INTERNAL', message: expect.stringContaining('exit code 1') },
    });
    const vanished = scriptedSession();
    vanished.end();
    expect((await drive(vanished.session)).at(-1)).toMatchObject({
      type: 'error',
      error: { code: 'BACKEND_STREAM', message: 'Claude Code ended without a result.' },
    });
  });
});
