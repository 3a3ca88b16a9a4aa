/**
 * What one `backend.type` is, as the parts of MassGen that list backends need to know it without
 * loading the backend: `massgen init`, `--model` inference, the configuration's list of types,
 * plugin names and aliases, and the reference docs. Plain data, so it can be written to JSON.
 */
export interface BackendTypeMetadata {
  /** The value of `backend.type` (`claude`, `chatcompletion`, `groq`). */
  type: string;
  /** The provider or server as people call it (`Anthropic Claude`, `LM Studio`). */
  displayName: string;
  /** One line on what it is or what it needs, for listings (`massgen init`, the reference). */
  description?: string;
  /**
   * Other names accepted as this type, as written (`anthropic` for `claude`). A configuration may
   * use them in `backend.type`; they resolve to this type before the package is loaded.
   */
  aliases?: readonly string[];
  /** The model `massgen init` offers for this type (a backend may still require `backend.model`). */
  defaultModel?: string;
  /**
   * Environment variables that hold the API key, in the order they are read (the first one set
   * wins). Empty when the backend takes no key from the environment.
   */
  apiKeyEnvironmentVariables: readonly string[];
  /** Whether a request fails without a key (local servers and stored logins need none). */
  requiresApiKey: boolean;
  /** Where requests go when the configuration has no `base_url`. */
  defaultBaseUrl?: string;
  /**
   * A `base_url` to offer when users usually name their own (a local server's usual address, an
   * Azure resource); `init` asks for a base URL only for types that have one.
   */
  exampleBaseUrl?: string;
  /**
   * Model names that imply this type for `massgen --model M` without `--backend`, matched without
   * regard to case: `gpt-*` (a prefix), `*.gguf` (a suffix) or an exact name (`local`).
   */
  modelPatterns?: readonly string[];
  /** The type a model name that matches no pattern implies (one type in all: `chatcompletion`). */
  fallbackForUnknownModels?: boolean;
}

/**
 * A name people write for a provider that is not a type of its own, with what to write instead
 * (`ollama` → `type: chatcompletion` with Ollama's `base_url`). Recorded by the package that serves it.
 */
export interface BackendNameRedirect {
  /** The name as people write it, in lower case. */
  name: string;
  /** The `backend.type` to use. */
  type: string;
  /** What else to write, as a sentence fragment (`with base_url: http://localhost:11434/v1`). */
  hint?: string;
}

/** The `metadata` export of a backend package: the types it serves, and what they are. */
export interface BackendMetadata {
  /** Each `backend.type` the package serves; the first is its main one. */
  types: readonly BackendTypeMetadata[];
  /** Names people write for providers this package serves under another type. */
  redirects?: readonly BackendNameRedirect[];
  /**
   * Whether the package brings a large download (a native inference engine, a bundled CLI), so the
   * `massgen` CLI does not depend on it and users add it when they use it.
   */
  heavy?: boolean;
}
