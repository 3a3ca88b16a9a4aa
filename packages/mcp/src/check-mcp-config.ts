import path from 'node:path';
import which from 'which';
import type { ConfigIssue } from '@massgen/core';
import { configIssueAt } from '@massgen/config';
import type { KeySegment, MassGenConfig } from '@massgen/config';
import { childEnvironment } from './child-environment.js';

/**
 * The MCP problems that make a run stop before it starts, found without starting a server: a
 * stdio server whose command does not exist. It is looked up as the server process would find it:
 * on the PATH the server gets, or, written as a path, from the server's working directory.
 */
export function checkMcpConfig(config: MassGenConfig): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const [agentIndex, agent] of config.agents.entries()) {
    for (const [serverIndex, server] of agent.backend.mcpServers.entries()) {
      if (server.type !== 'stdio' || findCommand(server.command, server.env, server.cwd, config) !== undefined)
        continue;
      const segments: KeySegment[] = [
        ...(config.singleAgent ? ['agent'] : ['agents', agentIndex]),
        'backend',
        'mcp_servers',
        server.key ?? serverIndex,
        'command',
      ];
      issues.push(
        configIssueAt(
          config,
          segments,
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
  config: MassGenConfig,
): string | undefined {
  if (command.trim() === '') return undefined;
  const environment = childEnvironment(serverEnv, config.env);
  // A command written as a path is resolved from the directory the process starts in.
  const directory = serverCwd === undefined ? process.cwd() : path.resolve(config.baseDir, serverCwd);
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
