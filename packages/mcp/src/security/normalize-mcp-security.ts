import { dropUndefined } from '@massgen/config/internal';
import type { ParsedMcpSecurity } from './mcp-security-schema.js';

/** How strict a security policy is; upstream's `high` is read as `strict`. */
export type McpSecurityLevel = 'strict' | 'moderate' | 'permissive';

/**
 * An MCP server's `security` block. A server without one starts as configured; with one, it is
 * checked against this policy before it starts, and refused otherwise.
 */
export interface McpServerSecurity {
  level: McpSecurityLevel;
  /** Programs that may start a stdio server, by name; the level's own list when absent. */
  allowedExecutables?: string[];
  /** Checks of the server's `env` block. */
  env: {
    mode: 'denylist' | 'allowlist';
    level: McpSecurityLevel;
    allowedVars?: string[];
    /** Replaces the level's list of refused variables when given. */
    deniedVars?: string[];
  };
  /** Streamable HTTP: may the URL name this machine, private networks, or resolve to them. */
  allowLocalhost: boolean;
  allowPrivateIps: boolean;
  resolveDns: boolean;
  /** Host names trusted as they are, whatever address they have. */
  allowedHostnames?: string[];
  /** A stdio server starts in the OS sandbox when present. */
  sandbox?: { network: 'none' | 'host' };
}

/** A key written for a transport that does not use it, below the server's `mcp_servers` entry. */
export interface IgnoredKey {
  path: Array<string | number>;
  transport: 'stdio' | 'streamable-http';
}

const httpOnlyKeys = ['allow_localhost', 'allow_private_ips', 'resolve_dns', 'allowed_hostnames'] as const;
const stdioOnlyKeys = ['allowed_executables', 'env', 'sandbox'] as const;

/**
 * A server's `security` block in the model's form. Without a level it is `strict`, as upstream
 * has it; the `env` checks take the server's level unless they name their own. A key the
 * server's transport does not use is warned about.
 */
export function normalizeMcpSecurity(
  security: ParsedMcpSecurity | null | undefined,
  type: 'stdio' | 'streamable-http',
  segments: Array<string | number>,
  ignoredKeys: IgnoredKey[],
): McpServerSecurity | undefined {
  if (security == null) return undefined;
  for (const key of type === 'stdio' ? httpOnlyKeys : stdioOnlyKeys) {
    if (security[key] == null) continue;
    ignoredKeys.push({ path: [...segments, key], transport: type });
  }
  const level = levelOf(security.level);
  const env = security.env ?? {};
  const sandbox = security.sandbox;
  return dropUndefined({
    level,
    allowedExecutables: security.allowed_executables ?? undefined,
    env: dropUndefined({
      mode: env.mode ?? 'denylist',
      level: env.level == null ? level : levelOf(env.level),
      allowedVars: env.allowed_vars ?? undefined,
      deniedVars: env.denied_vars ?? undefined,
    }),
    allowLocalhost: security.allow_localhost === true,
    allowPrivateIps: security.allow_private_ips === true,
    resolveDns: security.resolve_dns === true,
    allowedHostnames: security.allowed_hostnames ?? undefined,
    sandbox:
      type !== 'stdio' || sandbox == null || sandbox === false
        ? undefined
        : { network: sandbox === true ? 'none' : (sandbox.network ?? 'none') },
  });
}

function levelOf(level: ParsedMcpSecurity['level']): McpSecurityLevel {
  return level == null || level === 'high' ? 'strict' : level;
}
