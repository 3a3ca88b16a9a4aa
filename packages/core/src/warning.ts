/**
 * Something that does not stop the run but that the user should know: a setting a provider
 * ignores, a config key MassGen does not support, a key that had stray whitespace.
 */
export interface Warning {
  /** Stable identifier of the kind of warning, e.g. `unsupported-setting`, `unknown-key`. */
  code: string;
  message: string;
  /** Key path in the configuration the warning is about, when there is one. */
  path?: string;
  /** 1-based line of `path` in the file, when it is known. */
  line?: number;
  /** The named list items on `path`, for people: `agent "bob"`, `mcp_servers "search"`. */
  items?: readonly string[];
  /** The file the warning is about, when there is one. */
  file?: string;
  agentId?: string;
}
