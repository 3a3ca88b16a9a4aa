import path from 'node:path';
import which from 'which';
import type { ConfigIssue, ToolSettingsCheckContext } from '@massgen/core';
import { childEnvironment } from './child-environment.js';
import type { McpServers } from './mcp-servers-settings.js';

/**
 * The MCP problems that make a run stop before it starts, found without starting a server: a
 * stdio server whose command does not exist. It is looked up as the server process would find it:
 * on the PATH the server gets, or, written as a path, from the server's working directory.
 */
export function checkMcpSettings(context: ToolSettingsCheckContext<McpServers>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const { agentId, settings } of context.settings.agents) {
    for (const [index, server] of settings.servers.entries()) {
      if (server.type !== 'stdio' || findCommand(server.command, server.env, server.cwd, context) !== undefined)
        continue;
      issues.push(
        context.issueAt(
          { agentId, key: ['mcp_servers', server.key ?? index, 'command'] },
          `command "${server.command}" of MCP server "${server.name}" was not found; expected a program on PATH or a path to one`,
        ),
      );
    }
  }
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
