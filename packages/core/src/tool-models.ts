import type { Backend } from './backend.js';

/**
 * Which model a tool asks for. Whatever is left out comes from the calling agent's own backend:
 * no `type` (or the agent's own) keeps the agent's backend, key and `base_url`, with `model` in
 * place of the agent's model when given; another `type` gets only the `options` written here and
 * reads its key from the environment as an agent's backend would.
 */
export interface ToolModelChoice {
  /** A backend type as `backend.type` names it (`openai`, `gemini`, `claude`). */
  type?: string;
  model?: string;
  /** Further backend options as written in a `backend` block (`base_url`, `api_key`), snake_case. */
  options?: Record<string, unknown>;
}

/**
 * The models a tool package may call itself, on an agent's behalf (a media tool asking a model
 * about an image). The runtime gives it to tool packages; backends are created as the run creates
 * an agent's, from the same installed packages and the same environment, so nothing vendor-specific
 * reaches the package.
 */
export interface ToolModels {
  /** A backend for the choice; a configuration problem (an unknown type, a bad option) is a `ConfigError`. */
  open(agentId: string, choice?: ToolModelChoice): Promise<Backend>;
}
