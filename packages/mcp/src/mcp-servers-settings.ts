import { z } from 'zod';
import { choiceOf, dropUndefined, nonEmptyText, scalarText } from '@massgen/config/internal';
import { mcpSecuritySchema } from './security/mcp-security-schema.js';
import { normalizeMcpSecurity } from './security/normalize-mcp-security.js';
import type { IgnoredKey, McpServerSecurity } from './security/normalize-mcp-security.js';

/** An MCP server an agent declares, in either configuration format's form. */
export type McpServerConfig = McpServerTransport & {
  /** Its key under `mcp_servers` in the file: the name in the mapping form, the index in the list form. */
  key?: string | number;
};

type McpServerTransport =
  | {
      name: string;
      type: 'stdio';
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd?: string;
      allowedTools?: string[];
      excludeTools?: string[];
      security?: McpServerSecurity;
      /** An integration package that says how to start the server (`command` and `args` are then its). */
      integration?: McpIntegrationReference;
    }
  | {
      name: string;
      type: 'streamable-http';
      url: string;
      headers: Record<string, string>;
      allowedTools?: string[];
      excludeTools?: string[];
      security?: McpServerSecurity;
    };

/** `integration: x` (with `package` and `options`) in a server entry. */
export interface McpIntegrationReference {
  name: string;
  package?: string;
  options: Record<string, unknown>;
}

/** One agent's servers, and the keys written for a transport that does not use them (`url` on a stdio server). */
export interface McpServers {
  servers: McpServerConfig[];
  ignoredKeys: IgnoredKey[];
}

const toolNames = z.array(nonEmptyText('a tool name')).nullish();

/**
 * One MCP server. `type` may be left out: a `command` means `stdio`, a `url` means
 * `streamable-http`. The list form names each server with `name`; the map form by its key.
 */
const mcpServerFields = {
  name: nonEmptyText('a server name')
    .nullish()
    .describe('Name of the server (list form only; in the map form the key names it).'),
  type: choiceOf(['stdio', 'streamable-http'])
    .nullish()
    .describe(
      '`stdio` (a command MassGen starts) or `streamable-http` (a URL). Inferred from `command` or `url` when left out.',
    ),
  command: nonEmptyText('the command that starts the server').nullish().describe('Command that starts a stdio server.'),
  args: z.array(scalarText()).nullish().describe('Arguments of the command.'),
  env: z
    .record(z.string(), scalarText(), { error: 'expected a mapping of variable names to values' })
    .nullish()
    .describe('Environment variables for the server process; `${NAME}` reads from the environment or .env.'),
  cwd: nonEmptyText('a directory').nullish().describe("The server's working directory, relative to this file."),
  url: z
    .url({ error: 'expected an http:// or https:// URL', protocol: /^https?$/ })
    .nullish()
    .describe('URL of a streamable-http server.'),
  headers: z
    .record(z.string(), scalarText(), { error: 'expected a mapping of header names to values' })
    .nullish()
    .describe('HTTP headers sent to a streamable-http server.'),
  allowed_tools: toolNames.describe("Offer only these of the server's tools."),
  exclude_tools: toolNames.describe("Never offer these of the server's tools."),
  integration: nonEmptyText('an integration name such as "filesystem"')
    .nullish()
    .describe(
      'An MCP integration package that starts the server: `filesystem` loads `@massgen/mcp-filesystem` (then `massgen-mcp-filesystem`).',
    ),
  package: nonEmptyText('a package name')
    .nullish()
    .describe('The integration package to load instead of the one named after `integration`.'),
  options: z
    .record(z.string(), z.unknown(), { error: "expected a mapping of the integration's options" })
    .nullish()
    .describe("The integration's options; see its package."),
  security: mcpSecuritySchema
    .nullish()
    .describe(
      "A policy the server is held to before it starts (upstream's keys); `sandbox: true` starts a stdio server in the OS sandbox.",
    ),
};

/** The transport a server uses: its `type`, or else `streamable-http` for a bare `url` and `stdio` otherwise. */
function mcpTransport(server: {
  type?: 'stdio' | 'streamable-http' | null;
  url?: string | null;
  command?: string | null;
}): 'stdio' | 'streamable-http' {
  return server.type ?? (server.url != null && server.command == null ? 'streamable-http' : 'stdio');
}

const mcpServerSchema = z.object(mcpServerFields).superRefine((server, context) => {
  const type = mcpTransport(server);
  if (server.integration != null) {
    for (const key of ['command', 'url'] as const)
      if (server[key] != null)
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `the integration "${server.integration}" starts the server; expected either integration or ${key}, not both`,
        });
    return;
  }
  for (const key of ['package', 'options'] as const)
    if (server[key] != null)
      context.addIssue({
        code: 'custom',
        path: [key],
        message: 'only read with integration; expected integration too',
      });
  if (type === 'stdio' && server.command == null) {
    context.addIssue({
      code: 'custom',
      path: ['command'],
      message:
        server.type == null
          ? 'missing; expected a command (for a stdio server), a url (for a streamable-http server) or an integration'
          : 'missing; expected the command that starts the stdio server',
    });
  }
  if (type === 'streamable-http' && server.url == null) {
    context.addIssue({
      code: 'custom',
      path: ['url'],
      message: 'missing; expected the URL of the streamable-http server',
    });
  }
});

export type ParsedMcpServer = z.output<typeof mcpServerSchema>;

const namedMcpServerSchema = mcpServerSchema.superRefine((server, context) => {
  if (server.name == null) {
    context.addIssue({
      code: 'custom',
      path: ['name'],
      message: 'missing; expected a name for the server in a list of servers',
    });
  }
});

/** Upstream documents a list of servers; the seed (and upstream's validator) also accept a map. */
const mcpServersSchema = z.union(
  [
    z.array(namedMcpServerSchema).superRefine((servers, context) => {
      const seen = new Set<string>();
      servers.forEach((server, index) => {
        if (server.name == null) return;
        if (seen.has(server.name)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `duplicate server name "${server.name}"; expected unique names`,
          });
        }
        seen.add(server.name);
      });
    }),
    z.record(z.string(), mcpServerSchema).superRefine((servers, context) => {
      for (const [key, server] of Object.entries(servers)) {
        if (server.name != null && server.name !== key) {
          context.addIssue({
            code: 'custom',
            path: [key, 'name'],
            message: `"${server.name}" differs from the key "${key}"; expected the key alone to name the server`,
          });
        }
      }
    }),
  ],
  { error: 'expected a list of servers ({name, type, command, ...}) or a mapping of server names to servers' },
);

const stdioOnlyKeys = ['command', 'args', 'env', 'cwd'] as const;
const httpOnlyKeys = ['url', 'headers'] as const;

/**
 * MCP servers in the model's form, from the list form (`[{name, ...}]`) or the map form
 * (`{name: {...}}`). A key that the server's transport does not use is warned about.
 */
function normalizeMcpServers(
  servers: readonly ParsedMcpServer[] | Readonly<Record<string, ParsedMcpServer>> | null | undefined,
): McpServers {
  if (servers == null) return { servers: [], ignoredKeys: [] };
  const named: Array<[string | number, string, ParsedMcpServer]> = Array.isArray(servers)
    ? (servers as readonly ParsedMcpServer[]).map((server, index) => [index, server.name ?? '', server])
    : Object.entries(servers).map(([name, server]) => [name, name, server]);
  const ignoredKeys: McpServers['ignoredKeys'] = [];
  for (const [key, , server] of named) {
    const type = mcpTransport(server);
    for (const unused of type === 'stdio' ? httpOnlyKeys : stdioOnlyKeys) {
      if (server[unused] != null) ignoredKeys.push({ path: [key, unused], transport: type });
    }
  }
  return {
    servers: named.map(([key, name, server]) => ({ ...toServer(name, server, key, ignoredKeys), key })),
    ignoredKeys,
  };
}

function toServer(
  name: string,
  server: ParsedMcpServer,
  key: string | number,
  ignoredKeys: IgnoredKey[],
): McpServerTransport {
  const type = mcpTransport(server);
  const toolFilters = {
    allowedTools: server.allowed_tools ?? undefined,
    excludeTools: server.exclude_tools ?? undefined,
    security: normalizeMcpSecurity(server.security, type, [key, 'security'], ignoredKeys),
  };
  if (type === 'streamable-http') {
    return dropUndefined({ name, type, url: server.url ?? '', headers: server.headers ?? {}, ...toolFilters });
  }
  const integration: McpIntegrationReference | undefined =
    server.integration == null
      ? undefined
      : dropUndefined({
          name: server.integration,
          package: server.package ?? undefined,
          options: server.options ?? {},
        });
  return dropUndefined({
    name,
    type,
    integration,
    command: server.command ?? '',
    args: server.args ?? [],
    env: server.env ?? {},
    cwd: server.cwd ?? undefined,
    ...toolFilters,
  });
}

/**
 * What an agent's configuration gives this package: `backend.mcp_servers`, as a list
 * (`[{name, ...}]`, upstream's form) or a map (`{name: {...}}`, the seed's).
 */
export const mcpAgentSettingsSchema = z
  .object({
    mcp_servers: mcpServersSchema
      .nullish()
      .describe(
        'MCP servers whose tools the agent gets: a mapping of names to servers, or a list of servers with `name`.',
      ),
  })
  .transform((settings) => normalizeMcpServers(settings.mcp_servers));
