import type { Usage } from '@massgen/core';

/** Usage as `message_start` and `message_delta` report it; the delta's counts are cumulative. */
export interface ClaudeUsageReport {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  output_tokens_details?: { thinking_tokens?: number | null } | null;
  /** The server tools' uses Anthropic bills apart: web searches. */
  server_tool_use?: { web_search_requests?: number | null } | null;
}

/** Merges a later report into an earlier one: fields the later one states win. */
export function mergeClaudeUsage(earlier: ClaudeUsageReport, later: ClaudeUsageReport): ClaudeUsageReport {
  const merged: ClaudeUsageReport = { ...earlier };
  for (const [key, value] of Object.entries(later) as Array<
    [keyof ClaudeUsageReport, ClaudeUsageReport[keyof ClaudeUsageReport]]
  >) {
    if (value !== null && value !== undefined) Object.assign(merged, { [key]: value });
  }
  return merged;
}

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/**
 * Claude's `input_tokens` leaves out the prompt tokens read from or written to the cache. MassGen
 * counts every prompt token as input, as OpenAI does, with the cache reads also reported apart;
 * cache writes have no field of their own in MassGen's usage and are counted as input.
 */
export function mapClaudeUsage(report: ClaudeUsageReport): Usage {
  const usage: Usage = {};
  const input = count(report.input_tokens);
  const cacheRead = count(report.cache_read_input_tokens);
  const cacheWrite = count(report.cache_creation_input_tokens);
  if (input !== undefined || cacheRead !== undefined || cacheWrite !== undefined)
    usage.inputTokens = (input ?? 0) + (cacheRead ?? 0) + (cacheWrite ?? 0);
  const output = count(report.output_tokens);
  if (output !== undefined) usage.outputTokens = output;
  const thinking = count(report.output_tokens_details?.thinking_tokens);
  if (thinking !== undefined) usage.reasoningTokens = thinking;
  if (cacheRead !== undefined) usage.cachedInputTokens = cacheRead;
  const searches = count(report.server_tool_use?.web_search_requests);
  if (searches !== undefined && searches > 0) usage.providerToolUses = { web_search: searches };
  return usage;
}
