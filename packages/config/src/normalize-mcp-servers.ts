import type { McpServerConfig } from './config-model.js';
import { mcpTransport } from './backend-schema.js';
import type { ParsedMcpServer } from './backend-schema.js';
import type { PathWarning } from './findings.js';
import type { KeySegment } from './key-path.js';
import { dropUndefined } from './drop-undefined.js';

const stdioOnlyKeys = ['command', 'args', 'env', 'cwd'] as const;
const httpOnlyKeys = ['url', 'headers'] as const;

/**
 * MCP servers in the model's form, from the list form (`[{name, ...}]`) or the map form
 * (`{name: {...}}`). A key that the server's transport does not use is warned about.
 */
export function normalizeMcpServers(
  servers: readonly ParsedMcpServer[] | Readonly<Record<string, ParsedMcpServer>> | null | undefined,
  segments: KeySegment[],
  warnings: PathWarning[],
): McpServerConfig[] {
  if (servers == null) return [];
  const named: Array<[KeySegment, string, ParsedMcpServer]> = Array.isArray(servers)
    ? servers.map((server, index) => [index, server.name ?? '', server])
    : Object.entries(servers).map(([name, server]) => [name, name, server]);
  return named.map(([key, name, server]) => ({ ...toServer(name, server, [...segments, key], warnings), key }));
}

function toServer(
  name: string,
  server: ParsedMcpServer,
  segments: KeySegment[],
  warnings: PathWarning[],
): McpServerConfig {
  const type = mcpTransport(server);
  const unused = type === 'stdio' ? httpOnlyKeys : stdioOnlyKeys;
  for (const key of unused) {
    if (server[key] == null) continue;
    warnings.push({
      code: 'ignored-key',
      segments: [...segments, key],
      message: `not used by a ${type} server, so it is ignored`,
    });
  }
  const toolFilters = {
    allowedTools: server.allowed_tools ?? undefined,
    excludeTools: server.exclude_tools ?? undefined,
  };
  if (type === 'streamable-http') {
    return dropUndefined({ name, type, url: server.url ?? '', headers: server.headers ?? {}, ...toolFilters });
  }
  return dropUndefined({
    name,
    type,
    command: server.command ?? '',
    args: server.args ?? [],
    env: server.env ?? {},
    cwd: server.cwd ?? undefined,
    ...toolFilters,
  });
}
