import path from 'node:path';
import type { AgentWorkspace } from '@massgen/core';
import { sandboxAvailability } from '@massgen/process-containment';
import type { McpServerConfig } from '../mcp-servers-settings.js';
import { checkServerEnv } from './env-security-checks.js';
import type { SecurityScope, SecurityViolation } from './security-violation.js';
import { checkStdioServer } from './stdio-security-checks.js';
import { checkServerUrl } from './url-security-checks.js';

/**
 * Everything a server breaks of its `security` policy that can be known before it starts; none
 * for a server without one. `sandbox` also needs a workspace and a machine that can sandbox.
 */
export function checkServerSecurity(server: McpServerConfig, scope: SecurityScope): SecurityViolation[] {
  const { security } = server;
  if (security === undefined) return [];
  if (server.type === 'streamable-http') return checkServerUrl(server.url, security);
  const violations = [...checkStdioServer(server, security, scope), ...checkServerEnv(server.env, security)];
  if (security.sandbox !== undefined) {
    if (scope.workspace === undefined)
      violations.push({
        segments: ['security', 'sandbox'],
        message: "a sandboxed server runs in the agent's workspace, and this agent has none; give it backend.cwd",
      });
    const availability = sandboxAvailability();
    if (!availability.available)
      violations.push({
        segments: ['security', 'sandbox'],
        message: `the OS sandbox is not available: ${availability.reason}; ${availability.remedy}, or remove security.sandbox`,
      });
  }
  return violations;
}

/**
 * The paths an agent's servers are measured against, from its workspace: the one a run opened,
 * or before a run the one it declares (placed under a stand-in for the run's id, which no
 * written path can lie inside, as none can lie inside a workspace a run has yet to make).
 */
export function securityScope(workspace: AgentWorkspace | undefined, baseDir: string): SecurityScope {
  const roots = workspace?.roots() ?? [];
  const directory = workspace?.directory;
  return {
    ...(directory === undefined ? {} : { workspace: directory }),
    contextPaths: roots.filter((root) => root.access !== 'none' && root.path !== directory).map((root) => root.path),
    hidden: roots.filter((root) => root.access === 'none').map((root) => root.path),
    baseDir,
  };
}

/** A sentence per server under a policy, for `massgen --validate`: its level, where it starts, how it is confined. */
export function describeServerSecurity(
  agentId: string,
  server: McpServerConfig,
  workspace: AgentWorkspace | undefined,
): string | undefined {
  const { security } = server;
  if (security === undefined) return undefined;
  const subject = `agent ${agentId}, server "${server.name}": security level ${security.level}`;
  if (server.type === 'streamable-http') return `${subject}; its URL is checked`;
  const start =
    server.cwd !== undefined
      ? `starts in ${server.cwd}`
      : workspace?.directory !== undefined
        ? "starts in the agent's workspace"
        : 'starts where massgen runs (the agent has no workspace)';
  const confinement =
    security.sandbox === undefined
      ? 'not sandboxed (security.sandbox: true starts it in the OS sandbox)'
      : `in the OS sandbox (network: ${security.sandbox.network})`;
  return `${subject}; ${start}; ${confinement}`;
}

/** Files with keys that no sandboxed server may see, even inside a context path. */
export function keyFiles(baseDir: string, cwd: string, file: string | undefined): string[] {
  return [...(file === undefined ? [] : [file]), path.join(baseDir, '.env'), path.join(cwd, '.env')];
}
