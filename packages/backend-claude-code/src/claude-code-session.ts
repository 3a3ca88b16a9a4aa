import { AsyncQueue } from '@massgen/backend-utils';
import type { Usage } from '@massgen/core';
import type { Options, SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import type {
  BridgedToolCall,
  BridgedToolHandler,
  BridgedToolResult,
  PreparedClaudeCodeTools,
} from './claude-code-prepare-tools.js';
import { ClaudeCodeMessageMapper, type ClaudeCodeStreamContext } from './claude-code-stream.js';
import { toolServerName } from './convert-to-claude-code-prompt.js';
import { ClaudeCodeProcess } from './claude-code-process.js';
import type { ClaudeAgentSdk } from './load-claude-agent-sdk.js';

/** What a running Claude Code session reports, in the order it happened. */
export type SessionEvent =
  | { kind: 'message'; message: SDKMessage }
  /** Claude Code called one of MassGen's tools and waits for its result (unless it ends the turn). */
  | { kind: 'tool-call'; call: BridgedToolCall }
  | { kind: 'end' }
  | { kind: 'failure'; error: unknown };

/** The reply a workflow call gets: Claude Code ends its turn on it, MassGen takes over. */
const workflowCallReceived: BridgedToolResult = { content: 'Received. Your turn ends here.', isError: false };

/** What the session owns, for the caller to build the prompt and the SDK options around. */
export interface ClaudeCodeSessionParts {
  /** MassGen names of the tools offered through the bridge. */
  toolNames: readonly string[];
  toolServer: ReturnType<ClaudeAgentSdk['createSdkMcpServer']> | undefined;
  abortController: AbortController;
}

export interface ClaudeCodeSessionInit {
  sdk: ClaudeAgentSdk;
  /** Builds the bridged tools around the session's handler. */
  prepareTools: (handle: BridgedToolHandler) => PreparedClaudeCodeTools;
  configure: (parts: ClaudeCodeSessionParts) => { prompt: string; options: Options };
  streamContext: ClaudeCodeStreamContext;
}

/**
 * One Claude Code process answering one prompt. Its messages and the calls it makes to MassGen's
 * tools arrive on one queue; a call to a tool the runtime runs stays pending until `answer`, so a
 * session can outlive the `stream()` call that started it and continue in the next one.
 */
export class ClaudeCodeSession {
  readonly events = new AsyncQueue<SessionEvent>();
  readonly mapper: ClaudeCodeMessageMapper;
  /** Who the session works for and which secrets its messages must never show. */
  readonly context: ClaudeCodeStreamContext;
  readonly toolWarnings: PreparedClaudeCodeTools['warnings'];
  /** Usage already reported to MassGen, so that each token is counted once. */
  reportedUsage: Usage = {};
  private readonly pending = new Map<string, (result: BridgedToolResult) => void>();
  private readonly abortController = new AbortController();
  private readonly process = new ClaudeCodeProcess();
  private closed = false;

  constructor(init: ClaudeCodeSessionInit) {
    this.context = init.streamContext;
    this.mapper = new ClaudeCodeMessageMapper(init.streamContext);
    const tools = init.prepareTools((call) => this.onToolCall(call));
    this.toolWarnings = tools.warnings;
    const toolServer =
      tools.definitions.length === 0
        ? undefined
        : init.sdk.createSdkMcpServer({ name: toolServerName, tools: tools.definitions, alwaysLoad: true });
    const { prompt, options } = init.configure({
      toolNames: tools.names,
      toolServer,
      abortController: this.abortController,
    });
    void this.pump(init.sdk.query({ prompt, options: { ...options, spawnClaudeCodeProcess: this.process.spawn } }));
  }

  /** Ids of MassGen tool calls still waiting for their result. */
  pendingCallIds(): string[] {
    return [...this.pending.keys()];
  }

  /** Gives Claude Code the result of a call it is waiting on; false if it waits on no such call. */
  answer(id: string, result: BridgedToolResult): boolean {
    const settle = this.pending.get(id);
    if (settle === undefined) return false;
    this.pending.delete(id);
    settle(result);
    return true;
  }

  /**
   * Ends the Claude Code process, answering whatever it still waits on, and resolves once the
   * process has exited, so that a finished turn leaves no process behind.
   */
  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      for (const id of this.pendingCallIds())
        this.answer(id, { content: 'The turn was stopped before this tool ran.', isError: true });
      this.abortController.abort();
    }
    return this.process.stop();
  }

  /** The end of Claude Code's stderr, which explains a crash better than its exit code. */
  stderrTail(): string {
    return this.process.stderrTail();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private onToolCall(call: BridgedToolCall): Promise<BridgedToolResult> {
    this.events.push({ kind: 'tool-call', call });
    if (call.endsTurn || this.closed)
      return Promise.resolve(call.endsTurn ? workflowCallReceived : { content: 'The turn has ended.', isError: true });
    return new Promise((resolve) => this.pending.set(call.id, resolve));
  }

  private async pump(messages: AsyncIterable<SDKMessage>): Promise<void> {
    try {
      for await (const message of messages) this.events.push({ kind: 'message', message });
      this.events.push({ kind: 'end' });
    } catch (error) {
      this.events.push({ kind: 'failure', error });
    }
  }
}
