import { z } from 'zod';
import {
  choiceOf,
  flag,
  nonEmptyText,
  nonNegativeNumber,
  numberBetween,
  positiveInteger,
  positiveNumber,
  scalarText,
} from './schema-primitives.js';

const accessLevel = choiceOf(['read', 'write']);

/**
 * A shared path: `{path, access}` in the seed dialect, `{path, permission, protected_paths}`
 * upstream; either word is accepted in either place. Without one, access is `read`.
 */
export const contextPathSchema = z
  .object({
    path: nonEmptyText('a file or directory path'),
    access: accessLevel.nullish(),
    permission: accessLevel.nullish(),
    protected_paths: z.array(nonEmptyText('a path inside the context path')).nullish(),
  })
  .superRefine((entry, context) => {
    if (entry.access != null && entry.permission != null && entry.access !== entry.permission) {
      context.addIssue({
        code: 'custom',
        path: ['permission'],
        message: `access is "${entry.access}" but permission is "${entry.permission}"; expected one of the two keys, or the same value in both`,
      });
    }
  });

const toolNames = z.array(nonEmptyText('a tool name')).nullish();

/** Command patterns are JavaScript regular expressions, checked here so a typo fails at load time. */
const commandPatterns = z
  .array(
    nonEmptyText('a regular expression such as "python.*"').refine(
      (pattern) => {
        try {
          new RegExp(pattern);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'expected a valid regular expression such as "python.*"' },
    ),
    { error: 'expected a list of regular expressions such as ["python.*", "pytest.*"]' },
  )
  .nullish();

/**
 * One MCP server. `type` may be left out: a `command` means `stdio`, a `url` means
 * `streamable-http`. The list form names each server with `name`; the map form by its key.
 */
const mcpServerFields = {
  name: nonEmptyText('a server name').nullish(),
  type: choiceOf(['stdio', 'streamable-http']).nullish(),
  command: nonEmptyText('the command that starts the server').nullish(),
  args: z.array(scalarText()).nullish(),
  env: z.record(z.string(), scalarText(), { error: 'expected a mapping of variable names to values' }).nullish(),
  cwd: nonEmptyText('a directory').nullish(),
  url: z.url({ error: 'expected an http:// or https:// URL', protocol: /^https?$/ }).nullish(),
  headers: z.record(z.string(), scalarText(), { error: 'expected a mapping of header names to values' }).nullish(),
  allowed_tools: toolNames,
  exclude_tools: toolNames,
};

/** The transport a server uses: its `type`, or else `streamable-http` for a bare `url` and `stdio` otherwise. */
export function mcpTransport(server: {
  type?: 'stdio' | 'streamable-http' | null;
  url?: string | null;
  command?: string | null;
}): 'stdio' | 'streamable-http' {
  return server.type ?? (server.url != null && server.command == null ? 'streamable-http' : 'stdio');
}

const mcpServerSchema = z.object(mcpServerFields).superRefine((server, context) => {
  const type = mcpTransport(server);
  if (type === 'stdio' && server.command == null) {
    context.addIssue({
      code: 'custom',
      path: ['command'],
      message:
        server.type == null
          ? 'missing; expected a command (for a stdio server) or a url (for a streamable-http server)'
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

/**
 * The `backend` block. Only the keys MassGen itself reads are checked here; every other key
 * is kept as written for the backend package to validate with its own options schema.
 * `type` is checked for presence separately, to suggest a type from the model.
 */
export const backendSchema = z.looseObject({
  type: z
    .string({ error: 'expected a backend type such as "openai" or "claude_code"' })
    .regex(/^[a-z0-9][a-z0-9_-]*$/, {
      error: 'expected a backend type in lower case, such as "openai" or "claude_code"',
    })
    .nullish(),
  model: z.string({ error: 'expected a model name' }).nullish(),
  package: nonEmptyText('a package name').nullish(),
  cwd: nonEmptyText('a directory').nullish(),
  temperature: numberBetween(0, 2).nullish(),
  top_p: numberBetween(0, 1).nullish(),
  max_tokens: positiveInteger().nullish(),
  seed: z.int({ error: 'expected a whole number' }).nullish(),
  reasoning: z
    .looseObject({ effort: nonEmptyText('a reasoning effort such as "low", "medium" or "high"').nullish() })
    .nullish(),
  context_paths: z.array(contextPathSchema).nullish(),
  mcp_servers: mcpServersSchema.nullish(),
  exclude_tools: toolNames,
  enable_mcp_command_line: flag().nullish(),
  command_execution: flag().nullish(),
  command_line_execution_mode: choiceOf(['local', 'sandbox', 'docker']).nullish(),
  command_line_allowed_commands: commandPatterns,
  command_line_blocked_commands: commandPatterns,
  command_line_docker_image: nonEmptyText('an image name such as "python:3.12-slim"').nullish(),
  command_line_docker_memory_limit: z
    .string({ error: 'expected a memory size such as "512m" or "2g"' })
    .regex(/^\d+(\.\d+)?[bkmg]?$/i, { error: 'expected a memory size such as "512m" or "2g"' })
    .nullish(),
  command_line_docker_cpu_limit: positiveNumber().nullish(),
  command_line_docker_network_mode: choiceOf(['none', 'bridge', 'host']).nullish(),
  command_line_docker_enable_sudo: flag().nullish(),
  require_docker: flag().nullish(),
  pricing: z
    .strictObject(
      {
        input_per_million: nonNegativeNumber(),
        output_per_million: nonNegativeNumber(),
        cached_input_per_million: nonNegativeNumber().nullish(),
      },
      {
        error:
          'expected prices in US dollars per million tokens: {input_per_million, output_per_million, cached_input_per_million}',
      },
    )
    .nullish(),
});

export type ParsedBackend = z.output<typeof backendSchema>;
export type ParsedContextPath = z.output<typeof contextPathSchema>;
