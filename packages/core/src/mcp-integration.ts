import type { AgentWorkspace } from './agent-workspace.js';
import type { OptionsSchema } from './options-schema.js';

/** What an MCP integration is told about the agent whose server it starts. */
export interface McpIntegrationContext {
  agentId: string;
  /** The agent's workspace: as the run opened it, or before a run as declared (nothing is created). */
  workspace?: AgentWorkspace;
  /** The configuration file's directory; relative paths in the options are resolved against it. */
  baseDir: string;
}

/** How to start an integration's stdio server: never through `npx`, always an installed copy. */
export interface McpIntegrationServer {
  /** The program; `process.execPath` with the server package's own bin file for a Node server. */
  command: string;
  args: string[];
  /** Variables added to the server's environment. */
  env?: Record<string, string>;
  /**
   * Paths in `args` the server may read but must not change (read-only context paths). A server
   * cannot be trusted to honour that, so it starts in the OS sandbox with them mounted read-only;
   * without a sandbox they are left out.
   */
  readOnlyPaths?: string[];
}

/**
 * The exports of an MCP integration package, loaded by name as backends are:
 * `mcp_servers: [{name, integration: x, options: {...}}]` loads `@massgen/mcp-x`, then
 * `massgen-mcp-x`, or the `package` written there. It pins its server's npm package and says how
 * to start it from its options and the agent's workspace.
 */
export interface McpIntegrationModule<Options = unknown> {
  specificationVersion: 'v1';
  metadata: {
    /** The name written after `integration:`. */
    name: string;
    description: string;
    /** The tools its server offers, by the server's names. */
    tools: readonly string[];
    /** The npm package of the server it starts (`@modelcontextprotocol/server-filesystem`). */
    serverPackage: string;
    /**
     * Options whose values are secrets (a password, a token, a connection string), by name, with
     * everything below them: redacted from every log, message, event and record, as backend keys
     * are. Options named like credentials (`password`, `token`, `api_key`...) and the credentials
     * inside a URL are redacted without being listed.
     */
    secretOptions?: readonly string[];
  };
  /** Checks the server entry's `options`; issues name keys inside it. */
  optionsSchema: OptionsSchema<Options>;
  createServer(options: Options, context: McpIntegrationContext): McpIntegrationServer;
  /**
   * Whether the service the server fronts accepts these options (a database login), asked when a
   * run starts the server and never by `--validate`: a rejection is reported as the server failing
   * to start, with its message as the reason, rather than at the agent's first tool call.
   */
  checkConnection?(options: Options, context: McpIntegrationContext): Promise<void>;
  /**
   * The server as upstream's `npx -y <serverPackage> ARGUMENTS...` would start it, with those
   * arguments, but from the installed copy: nothing is downloaded.
   */
  serverFromArguments(args: readonly string[]): McpIntegrationServer;
}
