import { sandboxAvailability } from '@massgen/process-containment';
import type { McpServerConfig } from '../mcp-servers-settings.js';
import type { McpServerSecurity } from '../security/normalize-mcp-security.js';

/** The policy an integration's server gets when it must not change some of the paths it serves. */
const readOnlyConfinement: McpServerSecurity = {
  level: 'permissive',
  env: { mode: 'denylist', level: 'permissive' },
  allowLocalhost: false,
  allowPrivateIps: false,
  resolveDns: false,
  sandbox: { network: 'none' },
};

/**
 * Keeps read-only paths read-only: a server with no `security` block of its own starts in the OS
 * sandbox, where they are mounted read-only (the workspace stays writable). Without a sandbox
 * the paths are left out of its arguments, and the note says so.
 */
export function confineReadOnlyPaths(
  server: McpServerConfig,
  readOnlyPaths: readonly string[] | undefined,
): { server: McpServerConfig; note?: string } {
  if (server.type !== 'stdio' || readOnlyPaths === undefined || readOnlyPaths.length === 0) return { server };
  if (server.security !== undefined) return { server };
  const availability = sandboxAvailability();
  if (availability.available) return { server: { ...server, security: readOnlyConfinement } };
  return {
    server: { ...server, args: server.args.filter((argument) => !readOnlyPaths.includes(argument)) },
    note: `MCP server "${server.name}" leaves out the read-only ${readOnlyPaths.join(', ')}: it could write there without the OS sandbox (${availability.reason}; ${availability.remedy})`,
  };
}
