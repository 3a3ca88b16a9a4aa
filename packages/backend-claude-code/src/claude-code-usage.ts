import type { Usage } from '@massgen/core';

/** Token counts as the Messages API reports them (in stream events and Claude Code's results). */
export interface AnthropicUsageReport {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  output_tokens_details?: { thinking_tokens?: number | null } | null;
}

/** Claude Code's per-model totals in its result message (`modelUsage`). */
export interface ClaudeCodeModelUsage {
  inputTokens: number;
  outputTokens: number;
  thinkingTokens?: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
}

const fields = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens'] as const;

/**
 * MassGen counts every prompt token as input, cache reads and writes included (the Claude
 * backend does the same), with cache reads also reported apart.
 */
export function usageFromModelUsage(models: Readonly<Record<string, ClaudeCodeModelUsage>>): Usage | undefined {
  const entries = Object.values(models);
  if (entries.length === 0) return undefined;
  const usage: Usage = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
  for (const model of entries) {
    usage.inputTokens =
      (usage.inputTokens ?? 0) + model.inputTokens + model.cacheReadInputTokens + model.cacheCreationInputTokens;
    usage.outputTokens = (usage.outputTokens ?? 0) + model.outputTokens;
    usage.cachedInputTokens = (usage.cachedInputTokens ?? 0) + model.cacheReadInputTokens;
    if (model.thinkingTokens !== undefined) usage.reasoningTokens = (usage.reasoningTokens ?? 0) + model.thinkingTokens;
  }
  return usage;
}

function count(value: number | null | undefined): number {
  return typeof value === 'number' ? value : 0;
}

/**
 * Adds up the usage of each model response as it streams (`message_start`, then `message_delta`
 * with running totals), for turns that hand a tool call to MassGen before Claude Code's final
 * result, which alone carries the session's totals.
 */
export class StreamedUsage {
  private readonly byMessage = new Map<string, AnthropicUsageReport>();
  private current: string | undefined;

  start(messageId: string, report: AnthropicUsageReport | undefined): void {
    this.current = messageId;
    this.byMessage.set(messageId, { ...report });
  }

  /** A later report for the message being streamed; the counts it states replace earlier ones. */
  update(report: AnthropicUsageReport | undefined): void {
    if (this.current === undefined || report === undefined) return;
    const merged = { ...this.byMessage.get(this.current) };
    for (const [key, value] of Object.entries(report) as Array<[string, unknown]>)
      if (value !== null && value !== undefined) Object.assign(merged, { [key]: value });
    this.byMessage.set(this.current, merged);
  }

  total(): Usage | undefined {
    if (this.byMessage.size === 0) return undefined;
    const usage: Usage = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 };
    for (const report of this.byMessage.values()) {
      usage.inputTokens =
        (usage.inputTokens ?? 0) +
        count(report.input_tokens) +
        count(report.cache_read_input_tokens) +
        count(report.cache_creation_input_tokens);
      usage.outputTokens = (usage.outputTokens ?? 0) + count(report.output_tokens);
      usage.cachedInputTokens = (usage.cachedInputTokens ?? 0) + count(report.cache_read_input_tokens);
    }
    return usage;
  }
}

/** What `current` adds to what was already reported, so a session's usage is counted once. */
export function usageSince(current: Usage, reported: Usage): Usage | undefined {
  const added: Usage = {};
  for (const field of fields) {
    const value = current[field];
    if (value === undefined) continue;
    const difference = value - (reported[field] ?? 0);
    if (difference > 0) added[field] = difference;
  }
  return Object.keys(added).length === 0 ? undefined : added;
}

/** The larger of two counts for each field: the result's totals and what the stream showed. */
export function largerUsage(first: Usage | undefined, second: Usage | undefined): Usage | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  const usage: Usage = {};
  for (const field of fields) {
    const value = Math.max(first[field] ?? 0, second[field] ?? 0);
    if (first[field] !== undefined || second[field] !== undefined) usage[field] = value;
  }
  return usage;
}
