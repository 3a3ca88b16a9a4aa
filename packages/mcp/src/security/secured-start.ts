import { MassGenError } from '@massgen/core';
import type { AgentWorkspace } from '@massgen/core';
import { formatKeyPath } from '@massgen/config/internal';
import { realPathOrResolved } from '@massgen/process-containment';
import type { SandboxPolicy } from '@massgen/process-containment';
import { childEnvironment } from '../child-environment.js';
import type { McpServerConfig } from '../mcp-servers-settings.js';
import { checkServerSecurity, keyFiles, securityScope } from './server-security.js';
import { serverSandboxPolicy } from './server-sandbox-policy.js';
import { startDirectory } from './stdio-security-checks.js';
import { checkResolvedUrl } from './url-security-checks.js';

/** A server as it starts: under a policy, in the agent's workspace, perhaps in the OS sandbox. */
export interface SecuredStart {
  server: McpServerConfig;
  sandbox?: SandboxPolicy;
}

export interface SecuredStartContext {
  /** The agent's workspace as the run opened it. */
  workspace: AgentWorkspace | undefined;
  baseDir: string;
  /** The user's working directory, whose `.env` no sandboxed server may read. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The configuration file, which no sandboxed server may read. */
  file?: string;
}

/**
 * Holds a server with a `security` block to its policy as the run starts, now that the agent's
 * workspace has its real place: refused (a `MassGenError` naming each key and why) when it
 * breaks it, otherwise started in the workspace, and in the OS sandbox when the policy asks.
 * A server without a policy starts as written.
 */
export async function securedStart(server: McpServerConfig, context: SecuredStartContext): Promise<SecuredStart> {
  const { security } = server;
  if (security === undefined) return { server };
  const scope = securityScope(context.workspace, context.baseDir);
  const violations = checkServerSecurity(server, scope);
  if (server.type === 'streamable-http') {
    const resolved = await checkResolvedUrl(server.url, security);
    if (resolved !== undefined) violations.push({ segments: ['url'], message: resolved });
  }
  if (violations.length > 0) {
    const reasons = violations.map((violation) => `${formatKeyPath(violation.segments)}: ${violation.message}`);
    const reason = `it is refused by its security policy (level ${security.level}): ${reasons.join('; ')}`;
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `MCP server "${server.name}" failed to start: ${reason}`,
      details: { server: server.name, reason },
    });
  }
  if (server.type === 'streamable-http') return { server };
  const workingDirectory = startDirectory(server, scope);
  const started = workingDirectory === undefined ? server : { ...server, cwd: workingDirectory };
  if (security.sandbox === undefined || scope.workspace === undefined || workingDirectory === undefined)
    return { server: started };
  const sandbox = serverSandboxPolicy(
    started,
    {
      workspace: scope.workspace,
      workingDirectory,
      contextPaths: scope.contextPaths,
      hidden: [...scope.hidden, ...keyFiles(context.baseDir, context.cwd, context.file).map(realPathOrResolved)],
      env: childEnvironment(server.env, context.env),
    },
    security.sandbox.network,
  );
  return { server: started, sandbox };
}
