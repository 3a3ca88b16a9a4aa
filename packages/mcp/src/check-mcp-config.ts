import path from 'node:path';
import which from 'which';
import { redactText } from '@massgen/core';
import type { ConfigIssue, ToolSettingsCheckContext } from '@massgen/core';
import { childEnvironment } from './child-environment.js';
import { confineReadOnlyPaths } from './integration/read-only-paths.js';
import { resolveIntegration } from './integration/resolve-integration.js';
import type { McpServers } from './mcp-servers-settings.js';
import { checkServerSecurity, describeServerSecurity, securityScope } from './security/server-security.js';

/**
 * The MCP problems that make a run stop before it starts, found without starting a server: a
 * stdio server whose command does not exist, and a server that breaks its `security` policy.
 * The command is looked up as the server process would find it: on the PATH the server gets,
 * or, written as a path, from the server's working directory.
 */
export async function checkMcpSettings(context: ToolSettingsCheckContext<McpServers>): Promise<ConfigIssue[]> {
  const issues: ConfigIssue[] = [];
  const notes = new Set<string>();
  for (const { agentId, settings } of context.settings.agents) {
    const workspace = context.declaredWorkspaceFor?.(agentId);
    const scope = securityScope(workspace, context.baseDir);
    for (const [index, written] of settings.servers.entries()) {
      const key = ['mcp_servers', written.key ?? index];
      const resolved = await resolveIntegration(written, {
        agentId,
        workspace,
        baseDir: context.baseDir,
        loadPackage: context.loadPackage,
        where: context.issueAt({ agentId, key }, '').path,
      });
      // What is said about a server may quote its arguments, where an integration can put a secret.
      const redacted = (message: string): string => redactText(message, resolved.secrets);
      const issueAt = (below: ReadonlyArray<string | number>, message: string): void => {
        issues.push(context.issueAt({ agentId, key: [...key, ...below] }, redacted(message)));
      };
      for (const issue of resolved.issues) issueAt(issue.key, `MCP server "${written.name}": ${issue.message}`);
      if (resolved.issues.length > 0) continue;
      const confined = confineReadOnlyPaths(resolved.server, resolved.readOnlyPaths);
      const server = confined.server;
      for (const note of [resolved.note, confined.note]) if (note !== undefined) notes.add(`mcp: ${redacted(note)}`);
      if (server.type === 'stdio' && findCommand(server.command, server.env, server.cwd, context) === undefined) {
        issueAt(
          ['command'],
          `command "${server.command}" of MCP server "${server.name}" was not found; expected a program on PATH or a path to one`,
        );
      }
      const violations = checkServerSecurity(server, scope);
      for (const violation of violations)
        issueAt(
          violation.segments,
          `MCP server "${server.name}" is refused by its security policy (level ${server.security?.level ?? 'strict'}): ${violation.message}`,
        );
      const description = describeServerSecurity(agentId, server, workspace);
      if (violations.length === 0 && description !== undefined) context.note(`mcp: ${redacted(description)}`);
    }
  }
  for (const note of notes) context.note(note);
  return issues;
}

function findCommand(
  command: string,
  serverEnv: Readonly<Record<string, string>>,
  serverCwd: string | undefined,
  context: ToolSettingsCheckContext<McpServers>,
): string | undefined {
  if (command.trim() === '') return undefined;
  const environment = childEnvironment(serverEnv, context.env);
  // A command written as a path is resolved from the directory the process starts in.
  const directory = serverCwd === undefined ? process.cwd() : path.resolve(context.baseDir, serverCwd);
  const written = /[\\/]/.test(command) ? path.resolve(directory, command) : command;
  return (
    which.sync(written, {
      nothrow: true,
      // With no PATH at all, a process looks where the C library does by default.
      path: environment['PATH'] ?? environment['Path'] ?? (process.platform === 'win32' ? '' : '/usr/bin:/bin'),
      ...(environment['PATHEXT'] === undefined ? {} : { pathExt: environment['PATHEXT'] }),
    }) ?? undefined
  );
}
