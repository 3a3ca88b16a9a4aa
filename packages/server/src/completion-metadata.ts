import { teamUsage } from '@massgen/runtime';
import type { RunResult } from '@massgen/runtime';

/** Token counts in OpenAI's `usage` shape. */
export interface OpenAIUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details: { cached_tokens: number };
  completion_tokens_details: { reasoning_tokens: number };
}

/**
 * What a MassGen-aware client learns about the run, in the `massgen` field of the response (or
 * of the last stream chunk). Plain OpenAI clients ignore it.
 */
export interface MassGenMetadata {
  run_id: string;
  stop_reason: RunResult['stopReason'];
  winner_agent_id: string | null;
  answers: Array<{ label: string; agent_id: string; content: string; round: number }>;
  votes: Array<{
    voter_agent_id: string;
    target_agent_id: string;
    target_label: string;
    reason: string;
    confidence?: number;
    round: number;
    /** Made out of date by a later answer: kept, but it does not count. */
    stale: boolean;
  }>;
  usage_by_agent: Array<{
    agent_id: string;
    calls: number;
    prompt_tokens: number;
    completion_tokens: number;
    total_tokens: number;
    cost_usd?: number;
  }>;
  duration_ms: number;
}

/** Every agent's tokens together: what the whole team spent on the request. */
export function totalUsage(result: RunResult): OpenAIUsage {
  const { usage, tokens } = teamUsage(result.usage);
  return {
    prompt_tokens: usage.inputTokens ?? 0,
    completion_tokens: usage.outputTokens ?? 0,
    total_tokens: tokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
  };
}

/** The run record's location stays on the server: it is a path on the server's disk. */
export function massgenMetadata(result: RunResult): MassGenMetadata {
  return {
    run_id: result.runId,
    stop_reason: result.stopReason,
    winner_agent_id: result.winnerAgentId ?? null,
    answers: result.answers.map((answer) => ({
      label: answer.label,
      agent_id: answer.agentId,
      content: answer.content,
      round: answer.round,
    })),
    votes: result.votes.map((vote) => ({
      voter_agent_id: vote.agentId,
      target_agent_id: vote.targetAgentId,
      target_label: vote.targetLabel,
      reason: vote.reason,
      ...(vote.confidence === undefined ? {} : { confidence: vote.confidence }),
      round: vote.round,
      stale: vote.stale,
    })),
    usage_by_agent: result.usage.map((entry) => {
      const prompt = entry.usage.inputTokens ?? 0;
      const completion = entry.usage.outputTokens ?? 0;
      return {
        agent_id: entry.agentId,
        calls: entry.calls,
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
        ...(entry.costUsd === undefined ? {} : { cost_usd: entry.costUsd }),
      };
    }),
    duration_ms: result.durationMs,
  };
}
