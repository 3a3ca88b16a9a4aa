import type { SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { describe, expect, it } from 'vitest';
import { ClaudeCodeMessageMapper, describeToolUse } from './claude-code-stream.js';

const context = {
  provider: 'claude_code',
  providerName: 'Anthropic',
  agentId: 'coder',
  secrets: [],
  isBridgedTool: (name: string) => name.startsWith('mcp__massgen__'),
};

/** Messages shaped as the bundled CLI sends them (trimmed to the fields the mapper reads). */
const message = (fields: Record<string, unknown>): SDKMessage =>
  ({ session_id: 's', uuid: 'u', parent_tool_use_id: null, ...fields }) as unknown as SDKMessage;
const event = (body: Record<string, unknown>, parent: string | null = null): SDKMessage =>
  message({ type: 'stream_event', event: body, parent_tool_use_id: parent });

/** The result message that ends a turn: a successful one without usage unless `fields` says otherwise. */
const result = (fields: Record<string, unknown>): SDKMessage =>
  message({ type: 'result', subtype: 'success', is_error: false, stop_reason: null, modelUsage: {}, ...fields });

/** A mapper that has read only the result message with `fields`. */
function mapperAfterResult(fields: Record<string, unknown>): ClaudeCodeMessageMapper {
  const mapper = new ClaudeCodeMessageMapper(context);
  mapper.map(result(fields));
  return mapper;
}

function mapAll(mapper: ClaudeCodeMessageMapper, messages: SDKMessage[]) {
  return messages.flatMap((item) => mapper.map(item));
}

describe("mapping Claude Code's messages", () => {
  it('streams text and thinking deltas of the main agent, not of its subagents', () => {
    const mapper = new ClaudeCodeMessageMapper(context);
    const parts = mapAll(mapper, [
      event({
        type: 'message_start',
        message: { id: 'msg_1', usage: { input_tokens: 300, output_tokens: 1, cache_read_input_tokens: 0 } },
      }),
      event({ type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Plan it.' } }),
      event({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Hi t' } }),
      event({ type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'here' } }),
      event(
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'subagent words' } },
        'toolu_task',
      ),
      event({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 12 } }),
      message({ type: 'assistant', message: { id: 'msg_1', content: [{ type: 'text', text: 'Hi there' }] } }),
    ]);
    expect(parts).toEqual([
      { type: 'reasoning-delta', text: 'Plan it.' },
      { type: 'text-delta', text: 'Hi t' },
      { type: 'text-delta', text: 'here' },
    ]);
    expect(mapper.streamedUsage.total()).toEqual({ inputTokens: 300, outputTokens: 12, cachedInputTokens: 0 });
  });

  it("reports Claude Code's own tool use and refusals as progress lines, and leaves bridged tools out", () => {
    const mapper = new ClaudeCodeMessageMapper(context);
    const parts = mapAll(mapper, [
      message({
        type: 'assistant',
        message: {
          content: [
            { type: 'tool_use', id: 't1', name: 'Write', input: { file_path: '/ws/hello.txt', content: 'hi' } },
          ],
        },
      }),
      message({
        type: 'user',
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't1', content: 'File created successfully' }],
        },
      }),
      message({
        type: 'assistant',
        message: { content: [{ type: 'tool_use', id: 't2', name: 'Write', input: { file_path: '/etc/x' } }] },
      }),
      message({
        type: 'user',
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't2',
              is_error: true,
              content: 'PreToolUse:Write hook error: Write refused: /etc/x is outside your workspace',
            },
          ],
        },
      }),
      message({
        type: 'assistant',
        message: {
          content: [{ type: 'tool_use', id: 't3', name: 'mcp__massgen__new_answer', input: { content: 'x' } }],
        },
      }),
      message({
        type: 'user',
        message: {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't3', is_error: true, content: [{ type: 'text', text: 'bad' }] },
          ],
        },
      }),
    ]);
    expect(parts).toEqual([
      { type: 'reasoning-delta', text: '\n[Write] /ws/hello.txt\n' },
      { type: 'reasoning-delta', text: '\n[Write] /etc/x\n' },
      {
        type: 'reasoning-delta',
        text: '[Write failed] PreToolUse:Write hook error: Write refused: /etc/x is outside your workspace\n',
      },
    ]);
  });

  it('summarises a tool call by its most telling field', () => {
    expect(describeToolUse('Bash', { command: 'npm   test\n--silent', description: 'Run tests' })).toBe(
      '[Bash] npm test --silent',
    );
    expect(describeToolUse('TodoWrite', { todos: [] })).toBe('[TodoWrite]');
    expect(describeToolUse('Grep', { pattern: 'x'.repeat(200) })).toHaveLength('[Grep] '.length + 161);
  });

  it('ends with the result: its stop reason and the usage of every model it called', () => {
    const mapper = mapperAfterResult({
      stop_reason: 'tool_use',
      modelUsage: {
        'claude-fake-1': { inputTokens: 10, outputTokens: 5, cacheReadInputTokens: 2, cacheCreationInputTokens: 0 },
      },
    });
    expect(mapper.outcome).toEqual({ kind: 'finish', reason: 'tool-calls', rawReason: 'tool_use' });
    expect(mapper.resultUsage).toEqual({ inputTokens: 12, outputTokens: 5, cachedInputTokens: 2 });
  });

  it("reads the result's stop reason as the Messages API's: a full context window is length, none is other", () => {
    const outcome = (stopReason: string | null) => mapperAfterResult({ stop_reason: stopReason }).outcome;
    expect(outcome('model_context_window_exceeded')).toEqual({
      kind: 'finish',
      reason: 'length',
      rawReason: 'model_context_window_exceeded',
    });
    expect(outcome(null)).toEqual({ kind: 'finish', reason: 'other' });
  });

  it('turns a failed model call into a classified error, from the synthetic message and the result', () => {
    const mapper = new ClaudeCodeMessageMapper(context);
    const parts = mapAll(mapper, [
      message({
        type: 'assistant',
        error: 'rate_limit',
        api_error_status: 429,
        api_error_type: 'rate_limit_error',
        message: {
          model: '<synthetic>',
          content: [{ type: 'text', text: 'API Error: Request rejected (429) · Your account has hit a rate limit.' }],
        },
      }),
      result({
        is_error: true,
        stop_reason: 'stop_sequence',
        api_error_status: 429,
        terminal_reason: 'api_error',
        result: 'API Error: Request rejected (429)',
      }),
    ]);
    expect(parts).toEqual([]);
    expect(mapper.outcome?.kind).toBe('error');
    const error = mapper.outcome?.kind === 'error' ? mapper.outcome.error : undefined;
    expect(error).toMatchObject({ code: 'BACKEND_RATE_LIMIT', retryable: true, statusCode: 429 });
    expect(error?.message).toContain('Your account has hit a rate limit');
    expect(mapper.resultUsage).toBeUndefined();
  });

  it('ends a turn that used up max_turns as cut short, and an execution error as an error', () => {
    const capped = mapperAfterResult({ subtype: 'error_max_turns', is_error: true, errors: [] });
    expect(capped.outcome).toEqual({ kind: 'finish', reason: 'length', rawReason: 'max_turns' });
    const failed = mapperAfterResult({ subtype: 'error_during_execution', is_error: true, errors: ['Tool crashed'] });
    expect(failed.outcome).toMatchObject({ kind: 'error', error: { code: 'INTERNAL' } });
  });
});
