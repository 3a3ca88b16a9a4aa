import type { Warning } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import { MemoryProviderLimiter } from './memory-provider-limiter.js';
import type { CallPart } from './stream-with-retry.js';

/** The provider an agent's requests go to, and the most of them that may run at once. */
export interface AgentProvider {
  /** Agents with the same key share the provider's slots and its retry-after pauses. */
  key: string;
  /** The provider as people know it (`openai`, `openai at http://127.0.0.1:8000/v1`). */
  name: string;
  /** `backend.max_concurrent_requests`; absent means no limit of its own. */
  maxConcurrentRequests?: number;
}

/** A request admitted through the gate: `release` ends it; `waited` says it had to queue. */
export interface GatePass {
  release: () => void;
  waited: boolean;
}

const runKey = 'run';

/**
 * Admits an agent's model requests within `max_concurrent_requests`: its provider's (shared by
 * every agent on that provider) and the run's (every provider together). A provider's
 * retry-after holds every request to it, so a team backs off together instead of each agent
 * finding the limit on its own. The first wait for each limit is said once per run, naming the
 * agent that waited first: at 50 agents on a limit of 4, one line rather than 46.
 */
export class RequestGate {
  private readonly providers: MemoryProviderLimiter;
  /** The slots of each limited provider, by key. */
  private readonly limits = new Map<string, number>();
  private readonly run: MemoryProviderLimiter | undefined;
  private readonly told = new Set<string>();

  constructor(
    private readonly agents: ReadonlyMap<string, AgentProvider>,
    private readonly runLimit?: number,
  ) {
    for (const provider of agents.values()) {
      const limit = provider.maxConcurrentRequests;
      if (limit === undefined) continue;
      // Agents that set different limits for one provider get the smallest: the provider's own.
      this.limits.set(provider.key, Math.min(limit, this.limits.get(provider.key) ?? limit));
    }
    this.providers = new MemoryProviderLimiter(
      Object.fromEntries([...this.limits].map(([key, concurrency]) => [key, { concurrency }])),
    );
    this.run = runLimit === undefined ? undefined : new MemoryProviderLimiter({ [runKey]: { concurrency: runLimit } });
  }

  /**
   * Waits for the agent's request to be let through, yielding what the agent's turn should
   * show meanwhile: a `request-slot` wait and, the first time, a warning that says why.
   * Rejects with `ABORTED` when `signal` ends the wait.
   */
  async *enter(
    agentId: string,
    signal: AbortSignal | undefined,
    /** Where the request goes when not to the agent's own provider (a tool's or a summary's model). */
    to?: AgentProvider,
  ): AsyncGenerator<CallPart, GatePass> {
    const provider = to ?? this.agents.get(agentId);
    const providerKey = provider?.key ?? agentId;
    let waited = false;
    let releaseProvider = this.providers.tryAcquire(providerKey);
    if (releaseProvider === undefined) {
      waited = true;
      yield* this.waiting(agentId, providerKey, this.providerNotice(agentId, provider));
      releaseProvider = await this.providers.acquire(providerKey, signal);
    }
    if (this.run === undefined) return { release: releaseProvider, waited };
    let releaseRun = this.run.tryAcquire(runKey);
    if (releaseRun === undefined) {
      try {
        if (!waited) yield* this.waiting(agentId, runKey, this.runNotice(agentId));
        waited = true;
        releaseRun = await this.run.acquire(runKey, signal);
      } catch (error) {
        releaseProvider();
        throw error;
      }
    }
    const ending = [releaseRun, releaseProvider];
    return { release: () => ending.forEach((release) => release()), waited };
  }

  /** The provider asked to be left alone for `ms`: every request to it waits that long. */
  pause(agentId: string, ms: number): void {
    this.providers.pause(this.agents.get(agentId)?.key ?? agentId, ms);
  }

  async close(): Promise<void> {
    await this.providers.close();
    await this.run?.close();
  }

  private *waiting(agentId: string, limitKey: string, notice: string): Generator<CallPart> {
    yield { type: 'request-slot', waiting: true };
    if (this.told.has(limitKey)) return;
    this.told.add(limitKey);
    const warning: Warning = { code: 'waiting-for-request-slot', agentId, message: notice };
    yield { type: 'warning', warning };
  }

  private providerNotice(agentId: string, provider: AgentProvider | undefined): string {
    const limit = provider === undefined ? undefined : this.limits.get(provider.key);
    const name = provider?.name ?? 'its provider';
    if (limit === undefined)
      return `Requests to ${name} wait for it to lift its rate limit (retry-after); ${agentId} waits first, and the agents after it wait their turn`;
    return `Requests to ${name} are held to ${limit} at once (backend.max_concurrent_requests): ${agentId} waits first for a free request slot, and the agents after it wait their turn`;
  }

  private runNotice(agentId: string): string {
    return `Requests are held to ${String(this.runLimit)} at once for the run (orchestrator.max_concurrent_requests): ${agentId} waits first for a free request slot, and the agents after it wait their turn`;
  }
}

/**
 * The gate for a configured team: agents on the same backend type and base URL (or preset
 * provider) share a provider.
 */
export function requestGateFor(config: MassGenConfig): RequestGate {
  const agents = new Map<string, AgentProvider>();
  for (const agent of config.agents) {
    const { type, options, maxConcurrentRequests } = agent.backend;
    agents.set(agent.id, {
      ...providerOf(type, options),
      ...(maxConcurrentRequests === undefined ? {} : { maxConcurrentRequests }),
    });
  }
  return new RequestGate(agents, config.maxConcurrentRequests);
}

/** The provider a backend of `type` with these options calls: its type at its base URL or preset provider. */
export function providerOf(type: string, options: Readonly<Record<string, unknown>>): AgentProvider {
  const where = [options['provider'], options['base_url']].find((value) => typeof value === 'string');
  return { key: `${type} ${where ?? ''}`, name: where === undefined ? type : `${type} at ${where}` };
}
