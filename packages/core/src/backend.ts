import type { AgentWorkspace } from './agent-workspace.js';
import type { BackendMetadata } from './backend-metadata.js';
import type { GeneratedMedia, ImageGenerationRequest, SpeechRequest } from './media-generation.js';
import type { JsonSchema } from './json-schema.js';
import type { Message } from './message.js';
import type { OptionsSchema } from './options-schema.js';
import type { StreamPart } from './stream-part.js';
import type { Warning } from './warning.js';

/** A tool as offered to a model: its name, what it does and the JSON Schema of its input. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** Sampling settings shared by most providers. A provider that cannot honour one warns. */
export interface SamplingSettings {
  temperature?: number;
  topP?: number;
  maxOutputTokens?: number;
  /** Reasoning effort for models that reason (`low`, `medium`, `high`, or a provider value). */
  reasoningEffort?: string;
  seed?: number;
  stopSequences?: string[];
}

/** One model call: the whole conversation so far, the tools on offer and the settings. */
export interface BackendRequest {
  messages: Message[];
  tools?: ToolDefinition[];
  /** `required` forces a tool call where the provider supports it. */
  toolChoice?: 'auto' | 'required' | 'none';
  /**
   * Names of the tools in `tools` whose call ends the agent's turn (the strategy's workflow tools).
   * A backend that runs its own agent loop (Claude Code) stops that loop on them and keeps it
   * waiting for the results of other calls; other backends can ignore it.
   */
  turnEndingTools?: string[];
  settings?: SamplingSettings;
  /** Provider-specific request fields, validated by the backend's own options schema. */
  providerOptions?: Record<string, unknown>;
}

export interface BackendCallOptions {
  /** Cancels the request; the stream then ends with an `ABORTED` error. */
  signal?: AbortSignal;
}

/**
 * A model behind one provider. `stream` never throws for provider failures: it yields an
 * `error` part classified with a code and `retryable`, so the runtime decides on retries.
 */
export interface Backend {
  readonly specificationVersion: 'v1';
  /** The backend type, as written in `backend.type` (`chatcompletion`, `openai`, ...). */
  readonly provider: string;
  readonly modelId: string;
  stream(request: BackendRequest, options?: BackendCallOptions): AsyncIterable<StreamPart>;
  /**
   * Makes pictures with the backend's model, for a provider with an images API. Unlike `stream`
   * it throws a `MassGenError` on failure. Absent when the provider has none.
   */
  generateImage?(request: ImageGenerationRequest, options?: BackendCallOptions): Promise<GeneratedMedia[]>;
  /** Reads text aloud with the backend's model, for a provider with a speech API; throws like `generateImage`. */
  generateSpeech?(request: SpeechRequest, options?: BackendCallOptions): Promise<GeneratedMedia>;
}

/** What the runtime hands a backend package to create a backend for one agent. */
export interface BackendSettings {
  /** The agent this backend serves, for error attribution. */
  agentId: string;
  /** `backend.type` from the configuration. */
  type: string;
  /** `backend.model`; may be empty for backends that choose their own default. */
  model: string;
  /**
   * Every other key of the agent's `backend` block, as written in the configuration (snake_case),
   * after `${ENV}` interpolation. The backend validates them with its own options schema.
   */
  options: Record<string, unknown>;
  /**
   * `options` as the package's `optionsSchema` parsed them, when the runtime created the backend:
   * it validates every agent's options first (to report problems with their lines) and warns about
   * keys the schema does not read. A backend uses this instead of parsing `options` again.
   */
  parsedOptions?: unknown;
  /** Environment to read API keys from, lazily: the process environment plus `.env`. */
  env: Readonly<Record<string, string | undefined>>;
  /** Reports a non-fatal problem (an ignored setting, a trimmed key). */
  warn: (warning: Warning) => void;
  /**
   * The agent's workspace and context paths, when the run has them (`backend.cwd`,
   * `context_paths`). Backends that run tools themselves confine them to it; others ignore it.
   */
  workspace?: AgentWorkspace;
}

/**
 * The exports a backend package must have to be loaded by name from a configuration
 * (`backend.type: x` loads `@massgen/backend-x`). `type` names the backend types it serves.
 */
export interface BackendModule {
  specificationVersion: 'v1';
  createBackend: (settings: BackendSettings) => Backend;
  /** Validates `BackendSettings.options`, so `massgen --validate` can check them without a call. */
  optionsSchema?: OptionsSchema;
  /** The types the package serves and what they are, read without creating a backend. */
  metadata?: BackendMetadata;
}
