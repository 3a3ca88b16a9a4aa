import type { ToolDefinition } from './backend.js';

/** What a tool learns about the call it serves. */
export interface ToolContext {
  agentId: string;
  /** Cancelled when the run, the agent's turn or the tool's own timeout ends. */
  signal: AbortSignal;
  /** The agent's workspace directory, when it has one: where a tool that runs code should run it. */
  workingDirectory?: string;
}

/** The outcome of one tool call, as text for the model. */
export interface ToolResult {
  content: string;
  /** The call failed; `content` says why, in words the model can act on. */
  isError?: boolean;
}

/** A tool an agent can call: an MCP server's tool, a workspace file tool, a command runner (see `defineTool` in `@massgen/tool-utils`). */
export interface Tool extends ToolDefinition {
  /**
   * The tool only looks: it changes no file, runs no command and sends nothing anywhere. Planning
   * mode holds back every tool without it until the agent may act, so leaving it unset is the safe side.
   */
  readOnly?: boolean;
  execute(input: unknown, context: ToolContext): Promise<ToolResult>;
}
