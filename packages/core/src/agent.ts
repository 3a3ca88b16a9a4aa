import type { BackendRequest, SamplingSettings, ToolDefinition } from './backend.js';
import type { SerializedError } from './errors/massgen-error.js';
import type { Message } from './message.js';
import type { StreamPart } from './stream-part.js';

/** One turn of an agent as a strategy asks for it. */
export interface TurnRequest {
  messages: Message[];
  /**
   * Tools that end the turn and belong to the strategy (`new_answer`, `vote`). Their calls are
   * returned to the strategy as `tool-call` parts and are never executed by the runtime.
   */
  workflowTools: ToolDefinition[];
  toolChoice?: BackendRequest['toolChoice'];
  /** Overrides of the agent's configured sampling settings for this turn. */
  settings?: SamplingSettings;
}

/**
 * What an agent's turn yields: the backend's parts, plus the results of tools the runtime ran
 * for it, the retries it made before the first token and its waits for a request slot. A tool
 * the provider ran (`provider-tool`) arrives as a `tool-call` and its `tool-result`, as the
 * runtime's own tools do.
 */
export type AgentStreamPart =
  | Exclude<StreamPart, { type: 'provider-tool' }>
  | { type: 'tool-result'; id: string; name: string; output: string; isError: boolean }
  /** Request `attempt` of `maxAttempts` failed with `error`; the runtime makes the next one after `delayMs`. */
  | { type: 'retry'; attempt: number; maxAttempts: number; delayMs: number; error: SerializedError }
  /**
   * The request waits for a free slot under `max_concurrent_requests` before it reaches its
   * provider (`waiting: true`), or has just got one (`waiting: false`). Waiting is not silence.
   */
  | { type: 'request-slot'; waiting: boolean };

/**
 * An agent as a strategy sees it. The runtime stands behind `turn`: it applies the agent's
 * settings, retries retryable failures before the first streamed token, runs non-workflow
 * tools and feeds their results back, and records usage.
 */
export interface AgentHandle {
  readonly id: string;
  /** Backend type (`chatcompletion`, `openai`, ...). */
  readonly provider: string;
  readonly modelId: string;
  readonly systemMessage: string | undefined;
  /** Tools the runtime runs for this agent during a turn (MCP servers, workspace tools). */
  readonly tools: readonly ToolDefinition[];
  turn(request: TurnRequest, options?: { signal?: AbortSignal }): AsyncIterable<AgentStreamPart>;
}
