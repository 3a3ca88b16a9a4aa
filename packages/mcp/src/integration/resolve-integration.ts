import path from 'node:path';
import { MassGenError } from '@massgen/core';
import type { AgentWorkspace, McpIntegrationModule, NamedPackageLoader, OptionsIssue } from '@massgen/core';
import { secretsIn } from '@massgen/config';
import type { McpServerConfig } from '../mcp-servers-settings.js';

type StdioServer = Extract<McpServerConfig, { type: 'stdio' }>;

/** What starting a server through an integration needs from the run, or from the checks before it. */
export interface IntegrationScope {
  agentId: string;
  workspace: AgentWorkspace | undefined;
  baseDir: string;
  loadPackage: NamedPackageLoader | undefined;
  /** Where the server entry is written, for messages: `agents[0].backend.mcp_servers[1]`. */
  where: string;
}

/** A server with its integration applied: what to start, or why it cannot start. */
export interface ResolvedServer {
  server: McpServerConfig;
  /** Problems at keys below the server entry. */
  issues: Array<{ key: Array<string | number>; message: string }>;
  /** Said once to the user: an `npx` spelling served by the installed integration, or the package that would. */
  note?: string;
  /** Paths the server must not change: it needs the OS sandbox for them (see `McpIntegrationServer`). */
  readOnlyPaths?: string[];
  /**
   * The secrets in the integration's options (those it declares in `metadata.secretOptions`, and
   * credentials by name or in URLs), to redact from anything said about the server.
   */
  secrets: string[];
  /** The integration's `checkConnection` with these options, for a run to await before it starts the server. */
  checkConnection?: () => Promise<void>;
}

const upstreamServer = /^@modelcontextprotocol\/server-([a-z0-9-]+)(?:@[^/]+)?$/;

/**
 * Applies a server's integration: `integration: x` loads the package and builds the command from
 * its options, and upstream's `npx -y @modelcontextprotocol/server-x ...` runs the installed
 * `@massgen/mcp-x` with the same arguments instead of downloading it. Other servers are as written.
 */
export async function resolveIntegration(server: McpServerConfig, scope: IntegrationScope): Promise<ResolvedServer> {
  if (server.type !== 'stdio') return { server, issues: [], secrets: [] };
  if (server.integration !== undefined) return fromIntegration(server, scope);
  return fromNpxSpelling(server, scope);
}

async function fromIntegration(server: StdioServer, scope: IntegrationScope): Promise<ResolvedServer> {
  const reference = server.integration;
  if (reference === undefined) return { server, issues: [], secrets: [] };
  const loaded = await loadIntegration(reference.name, reference.package, `${scope.where}.integration`, scope);
  if ('failure' in loaded)
    return {
      server,
      issues: [{ key: ['integration'], message: loaded.failure }],
      secrets: secretsIn(reference.options),
    };
  const { module } = loaded;
  const secrets = secretsIn(reference.options, module.metadata.secretOptions);
  const parsed = module.optionsSchema.safeParse(reference.options);
  if (!parsed.success)
    return {
      server,
      issues: parsed.error.issues.map((issue) => ({
        key: ['options', ...issue.path.map(toKey)],
        message: describeIssue(issue, reference.name),
      })),
      secrets,
    };
  const context = {
    agentId: scope.agentId,
    baseDir: scope.baseDir,
    ...(scope.workspace === undefined ? {} : { workspace: scope.workspace }),
  };
  try {
    const started = module.createServer(parsed.data, context);
    const check = module.checkConnection?.bind(module);
    return {
      server: { ...server, command: started.command, args: started.args, env: { ...started.env, ...server.env } },
      issues: [],
      ...(started.readOnlyPaths === undefined ? {} : { readOnlyPaths: started.readOnlyPaths }),
      ...(check === undefined ? {} : { checkConnection: () => check(parsed.data, context) }),
      secrets,
    };
  } catch (error) {
    return { server, issues: [{ key: ['integration'], message: messageOf(error) }], secrets };
  }
}

async function fromNpxSpelling(server: StdioServer, scope: IntegrationScope): Promise<ResolvedServer> {
  if (!/^npx(\.cmd)?$/i.test(path.basename(server.command))) return { server, issues: [], secrets: [] };
  const index = server.args.findIndex((argument) => !argument.startsWith('-'));
  const spec = server.args[index];
  const name = spec === undefined ? undefined : upstreamServer.exec(spec)?.[1];
  if (spec === undefined || name === undefined) return { server, issues: [], secrets: [] };
  const loaded = await loadIntegration(name, undefined, `${scope.where}.args`, scope);
  // Upstream passes a server its secrets as arguments (a database URL with its password).
  const secrets = secretsIn(server.args);
  if ('failure' in loaded) {
    if (!loaded.firstParty) return { server, issues: [], secrets };
    return {
      server,
      issues: [],
      secrets,
      note: `MCP server "${server.name}" downloads ${spec} with npx each run; to run a pinned copy that needs no network, ${lowerFirst(loaded.failure.replace(/^.*?which is not installed\. /, ''))}`,
    };
  }
  const started = loaded.module.serverFromArguments(server.args.slice(index + 1));
  return {
    server: { ...server, command: started.command, args: started.args, env: { ...started.env, ...server.env } },
    issues: [],
    secrets,
    note: `MCP server "${server.name}": ${spec} is run from the installed ${loaded.packageName} instead of downloading it with npx`,
  };
}

async function loadIntegration(
  name: string,
  explicitPackage: string | undefined,
  namedBy: string,
  scope: IntegrationScope,
): Promise<{ packageName: string; module: McpIntegrationModule } | { failure: string; firstParty: boolean }> {
  if (scope.loadPackage === undefined)
    return { failure: 'MCP integrations cannot be loaded here (no package loader was given)', firstParty: false };
  try {
    const { packageName, module } = await scope.loadPackage({
      kind: 'mcp',
      name,
      ...(explicitPackage === undefined ? {} : { package: explicitPackage }),
      namedBy,
      factory: 'createServer',
    });
    return { packageName, module: module as unknown as McpIntegrationModule };
  } catch (error) {
    const message = messageOf(error);
    return { failure: message, firstParty: / needs the plugin @massgen\/mcp-/.test(message) };
  }
}

function describeIssue(issue: OptionsIssue, integration: string): string {
  return `${issue.message} (an option of the ${integration} integration)`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function toKey(key: PropertyKey): string | number {
  return typeof key === 'number' ? key : String(key);
}

function messageOf(error: unknown): string {
  return MassGenError.isInstance(error) || error instanceof Error ? error.message : String(error);
}
