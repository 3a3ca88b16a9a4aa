import { mapClaudeStopReason } from '@massgen/backend-claude';
import type { FinishReason, MassGenError, StreamPart, Usage } from '@massgen/core';
import type { SDKMessage, SDKResultMessage } from '@anthropic-ai/claude-agent-sdk';
import { mapClaudeCodeApiError } from './claude-code-error.js';
import type { ClaudeCodeApiErrorReport, ClaudeCodeErrorContext } from './claude-code-error.js';
import { StreamedUsage, usageFromModelUsage } from './claude-code-usage.js';

/** How Claude Code's turn ended, once its result message arrived. */
export type ClaudeCodeOutcome =
  { kind: 'finish'; reason: FinishReason; rawReason?: string } | { kind: 'error'; error: MassGenError };

export interface ClaudeCodeStreamContext extends ClaudeCodeErrorContext {
  /** Tools served by MassGen through the bridge; their calls become `tool-call` parts elsewhere. */
  isBridgedTool: (claudeCodeName: string) => boolean;
}

/** The input fields that best say what a built-in tool call is about, in order of preference. */
const summaryFields = [
  'file_path',
  'notebook_path',
  'path',
  'pattern',
  'command',
  'url',
  'query',
  'description',
  'prompt',
];
const summaryLength = 160;

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > summaryLength ? `${line.slice(0, summaryLength)}…` : line;
}

/** One line for a tool Claude Code runs itself: `[Write] /work/index.html`. */
export function describeToolUse(name: string, input: unknown): string {
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const subject = summaryFields
    .map((field) => fields[field])
    .find((value): value is string => typeof value === 'string' && value !== '');
  return subject === undefined ? `[${name}]` : `[${name}] ${shorten(subject)}`;
}

function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) =>
      typeof block === 'object' && block !== null && typeof (block as { text?: unknown }).text === 'string'
        ? (block as { text: string }).text
        : '',
    )
    .join(' ');
}

/**
 * Maps the messages of a Claude Code session to MassGen stream parts: its text and thinking as
 * they stream, and its own tool use as progress lines in the reasoning channel. Those tools have
 * already run inside Claude Code, so they must not become `tool-call` parts the runtime would run
 * again; reasoning keeps them out of the answer text too. Failed model calls and the final result
 * are kept for the turn to end with.
 */
export class ClaudeCodeMessageMapper {
  readonly streamedUsage = new StreamedUsage();
  resultUsage: Usage | undefined;
  outcome: ClaudeCodeOutcome | undefined;
  private apiError: ClaudeCodeApiErrorReport | undefined;
  private readonly toolNames = new Map<string, string>();

  constructor(private readonly context: ClaudeCodeStreamContext) {}

  /** Whether an assistant message has shown the `tool_use` block with this id. */
  hasSeenToolUse(id: string): boolean {
    return this.toolNames.has(id);
  }

  map(message: SDKMessage): StreamPart[] {
    switch (message.type) {
      case 'stream_event':
        return this.streamEvent(message.event, message.parent_tool_use_id);
      case 'assistant':
        return this.assistant(message);
      case 'user':
        return this.toolResults(message.message.content);
      case 'result':
        this.result(message);
        return [];
      default:
        return [];
    }
  }

  private streamEvent(
    event: Extract<SDKMessage, { type: 'stream_event' }>['event'],
    parent: string | null,
  ): StreamPart[] {
    if (event.type === 'message_start') this.streamedUsage.start(event.message.id, event.message.usage);
    if (event.type === 'message_delta') this.streamedUsage.update(event.usage);
    // A subagent's words are its own work in progress, not this agent's answer.
    if (parent !== null || event.type !== 'content_block_delta') return [];
    if (event.delta.type === 'text_delta')
      return event.delta.text === '' ? [] : [{ type: 'text-delta', text: event.delta.text }];
    if (event.delta.type === 'thinking_delta')
      return event.delta.thinking === '' ? [] : [{ type: 'reasoning-delta', text: event.delta.thinking }];
    return [];
  }

  private assistant(message: Extract<SDKMessage, { type: 'assistant' }>): StreamPart[] {
    const wire = message as { error?: string; api_error_status?: number | null; api_error_type?: string };
    if (message.error !== undefined) {
      const text = message.message.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
      this.apiError = {
        category: message.error,
        ...(wire.api_error_status === undefined ? {} : { status: wire.api_error_status }),
        ...(wire.api_error_type === undefined ? {} : { type: wire.api_error_type }),
        text,
      };
      return [];
    }
    const parts: StreamPart[] = [];
    for (const block of message.message.content) {
      if (block.type !== 'tool_use' && block.type !== 'server_tool_use') continue;
      this.toolNames.set(block.id, block.name);
      if (!this.context.isBridgedTool(block.name))
        parts.push({ type: 'reasoning-delta', text: `\n${describeToolUse(block.name, block.input)}\n` });
    }
    return parts;
  }

  private toolResults(content: unknown): StreamPart[] {
    if (!Array.isArray(content)) return [];
    const parts: StreamPart[] = [];
    for (const block of content as Array<Record<string, unknown>>) {
      if (block['type'] !== 'tool_result' || block['is_error'] !== true) continue;
      const name = this.toolNames.get(String(block['tool_use_id'])) ?? 'tool';
      if (this.context.isBridgedTool(name)) continue;
      parts.push({ type: 'reasoning-delta', text: `[${name} failed] ${shorten(toolResultText(block['content']))}\n` });
    }
    return parts;
  }

  private result(message: SDKResultMessage): void {
    this.resultUsage = usageFromModelUsage(message.modelUsage);
    const wire = message as {
      api_error_status?: number | null;
      api_error_type?: string;
      terminal_reason?: string;
      result?: string;
    };
    if (message.subtype === 'success' && !message.is_error) {
      this.outcome = {
        kind: 'finish',
        reason: message.stop_reason === null ? 'other' : mapClaudeStopReason(message.stop_reason),
        ...(message.stop_reason === null ? {} : { rawReason: message.stop_reason }),
      };
      return;
    }
    if (message.subtype === 'error_max_turns') {
      this.outcome = { kind: 'finish', reason: 'length', rawReason: 'max_turns' };
      return;
    }
    const text = message.subtype === 'success' ? (wire.result ?? '') : message.errors.join('; ');
    const report: ClaudeCodeApiErrorReport = {
      ...this.apiError,
      text: this.apiError?.text ?? text,
      ...(wire.api_error_status === undefined || wire.api_error_status === null
        ? {}
        : { status: wire.api_error_status }),
      ...(wire.api_error_type === undefined ? {} : { type: wire.api_error_type }),
      ...(wire.terminal_reason === undefined ? {} : { terminalReason: wire.terminal_reason }),
    };
    this.outcome = { kind: 'error', error: mapClaudeCodeApiError(report, this.context) };
  }
}
