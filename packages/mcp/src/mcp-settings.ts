import { defaultMaxResultCharacters } from './result-cap.js';

/** Limits that keep one MCP server from stalling or flooding a run. */
export interface McpSettings {
  /** Time a server has to start, finish the MCP handshake and list its tools. */
  startTimeoutMs: number;
  /** Time one tool call may take; the call is then cancelled and the model told so. */
  toolTimeoutMs: number;
  /** Characters of one tool result a model sees; the rest is cut with a note saying how much. */
  maxResultCharacters: number;
  /** Time a stdio server has to exit after its stdin closes, and again after SIGTERM, before it is killed. */
  closeGraceMs: number;
}

export const defaultMcpSettings: McpSettings = {
  startTimeoutMs: 30_000,
  toolTimeoutMs: 120_000,
  maxResultCharacters: defaultMaxResultCharacters,
  closeGraceMs: 2_000,
};
