import path from 'node:path';
import type { McpServerConfig } from '../mcp-servers-settings.js';
import type { McpServerSecurity } from './normalize-mcp-security.js';
import { realPathOfKind, realPathOrResolved, within } from '@massgen/process-containment';
import { executableAllowed, levelPrograms } from './executable-lists.js';
import type { SecurityScope, SecurityViolation } from './security-violation.js';

type StdioServer = Extract<McpServerConfig, { type: 'stdio' }>;

const shellCharacters = /[;&|`$()<>]/;
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f]/;
/** `..` as a whole path component, also after `=` (`--root=../x`). */
const parentComponent = /(^|[\\/=])\.\.([\\/]|$)/;
const maximumArguments = 50;
const maximumArgumentLength = 500;
const maximumCommandLength = 1000;

/** The command, its arguments and the working directory of a stdio server, against its policy. */
export function checkStdioServer(
  server: StdioServer,
  security: McpServerSecurity,
  scope: SecurityScope,
): SecurityViolation[] {
  const { level } = security;
  const violations: SecurityViolation[] = [];
  const refuse = (segments: SecurityViolation['segments'], message: string): void => {
    violations.push({ segments, message });
  };

  const { command } = server;
  if (command.length > maximumCommandLength) refuse(['command'], `is longer than ${maximumCommandLength} characters`);
  else if (controlCharacters.test(command)) refuse(['command'], 'holds a control character');
  else if (shellCharacters.test(command))
    refuse(
      ['command'],
      `"${command}" holds a shell character (; & | \` $ ( ) < >); expected a program, with its arguments in args`,
    );
  else if (parentComponent.test(command)) refuse(['command'], `"${command}" climbs out of its directory with ".."`);
  else if (!executableAllowed(path.basename(command), level, security.allowedExecutables)) {
    const allowed = security.allowedExecutables ?? levelPrograms(level);
    refuse(
      ['command'],
      `program "${path.basename(command)}" may not start an MCP server; allowed: ${allowed.join(', ')} (add it to security.allowed_executables to allow it)`,
    );
  }

  if (level !== 'permissive' && server.args.length > maximumArguments)
    refuse(['args'], `has ${server.args.length} arguments; at most ${maximumArguments} are allowed`);
  const directory = startDirectory(server, scope) ?? process.cwd();
  server.args.forEach((argument, index) => {
    const problem = argumentProblem(argument, level, directory, scope);
    if (problem !== undefined) refuse(['args', index], `"${argument}" ${problem}`);
  });

  const cwdProblem = workingDirectoryProblem(server, scope);
  if (cwdProblem !== undefined) refuse(['cwd'], cwdProblem);
  return violations;
}

function argumentProblem(
  argument: string,
  level: McpServerSecurity['level'],
  directory: string,
  scope: SecurityScope,
): string | undefined {
  if (controlCharacters.test(argument)) return 'holds a control character';
  if (level === 'permissive') return undefined;
  if (argument.length > maximumArgumentLength) return `is longer than ${maximumArgumentLength} characters`;
  if (parentComponent.test(argument)) return 'climbs out of its directory with ".."';
  if (level === 'moderate') return undefined;
  if (shellCharacters.test(argument)) return 'holds a shell character (; & | ` $ ( ) < >)';
  // A server handed a directory works in it (the filesystem server serves it): only where it starts, or a context path.
  const value = argument.startsWith('-') ? argument.slice(argument.indexOf('=') + 1) : argument;
  if (value === '' || (argument.startsWith('-') && !argument.includes('='))) return undefined;
  const named = realPathOfKind(path.resolve(directory, value), 'directory');
  const allowed = [
    realPathOrResolved(directory),
    ...(scope.workspace === undefined ? [] : [scope.workspace]),
    ...scope.contextPaths,
  ];
  if (named === undefined || within(named, allowed)) return undefined;
  return scope.workspace === undefined
    ? `names the directory ${named}, outside the directory the server starts in (${directory}) and the context paths`
    : `names the directory ${named}, outside the agent's workspace and context paths`;
}

/**
 * Where the server starts under a policy: its `cwd` (which must lie in the workspace), or else
 * the agent's workspace; undefined (where MassGen runs) when the agent has neither.
 */
export function startDirectory(server: StdioServer, scope: SecurityScope): string | undefined {
  if (server.cwd !== undefined) return path.resolve(scope.baseDir, server.cwd);
  return scope.workspace;
}

function workingDirectoryProblem(server: StdioServer, scope: SecurityScope): string | undefined {
  if (server.cwd === undefined) return undefined;
  if (parentComponent.test(server.cwd)) return `"${server.cwd}" climbs out of its directory with ".."`;
  if (scope.workspace === undefined) return undefined;
  const directory = path.resolve(scope.baseDir, server.cwd);
  if (within(directory, [scope.workspace])) return undefined;
  return `${directory} is outside the agent's workspace ${scope.workspace}; a server under a security policy starts in the workspace (leave cwd out) or a directory inside it`;
}
