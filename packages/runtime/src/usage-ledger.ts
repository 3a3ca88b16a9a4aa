import type { Usage } from '@massgen/core';
import { addUsage } from '@massgen/run-state';

/** Tokens, calls and cost spent by one agent in a run. */
export interface AgentUsage {
  agentId: string;
  usage: Usage;
  /** Model calls that reported usage. */
  calls: number;
  /** Estimated cost in US dollars, when a price is known for the model. */
  costUsd?: number;
}

/** Keeps the per-agent token ledger of a run, fed from its `usage` events. */
export class UsageLedger {
  private readonly entries = new Map<string, AgentUsage>();

  constructor(agentIds: readonly string[]) {
    for (const agentId of agentIds) this.entries.set(agentId, { agentId, usage: {}, calls: 0 });
  }

  record(agentId: string, usage: Usage, costUsd?: number): void {
    const entry = this.entries.get(agentId) ?? { agentId, usage: {}, calls: 0 };
    entry.usage = addUsage(entry.usage, usage);
    entry.calls += 1;
    if (costUsd !== undefined) entry.costUsd = (entry.costUsd ?? 0) + costUsd;
    this.entries.set(agentId, entry);
  }

  byAgent(): AgentUsage[] {
    return [...this.entries.values()].map((entry) => ({ ...entry, usage: { ...entry.usage } }));
  }

  total(): TeamUsage {
    return teamUsage(this.entries.values());
  }
}

/** What a whole team spent: every agent's tokens and estimated cost added up. */
export interface TeamUsage {
  usage: Usage;
  /** Input and output tokens together. */
  tokens: number;
  costUsd: number;
}

export function teamUsage(entries: Iterable<AgentUsage>): TeamUsage {
  let usage: Usage = {};
  let costUsd = 0;
  for (const entry of entries) {
    usage = addUsage(usage, entry.usage);
    costUsd += entry.costUsd ?? 0;
  }
  return { usage, tokens: (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0), costUsd };
}
