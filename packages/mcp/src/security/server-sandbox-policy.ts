import path from 'node:path';
import which from 'which';
import type { McpServerConfig } from '../mcp-servers-settings.js';
import { isDirectory, realPathOfKind, within } from '@massgen/process-containment';
import type { SandboxPath, SandboxPolicy } from '@massgen/process-containment';

type StdioServer = Extract<McpServerConfig, { type: 'stdio' }>;

export interface ServerSandboxScope {
  /** The agent's workspace (real path): the server starts there and may write it. */
  workspace: string;
  /** The server's working directory, inside the workspace. */
  workingDirectory: string;
  /** Context paths (real), readable; a server lives as long as the run, so never writable. */
  contextPaths: readonly string[];
  /** Paths nobody in the sandbox may see, even inside a context path: the other workspaces, snapshots, files with keys. */
  hidden: readonly string[];
  /** The server's environment, whose `PATH` finds a command written as a bare name. */
  env: Readonly<Record<string, string>>;
}

/**
 * The OS sandbox of a stdio server: its workspace writable, the context paths read-only, and
 * the server's own program files read-only: the command's directory and, for each argument
 * that names a file (a script), that file's directory and every `node_modules` above it, where
 * Node looks for what the script imports. The rest of the user's files are absent.
 */
export function serverSandboxPolicy(
  server: StdioServer,
  scope: ServerSandboxScope,
  network: 'none' | 'host',
): SandboxPolicy {
  const program = programFile(server.command, scope);
  const scripts = server.args.flatMap((argument) => {
    const file = realPathOfKind(path.resolve(scope.workingDirectory, argument), 'file');
    return file === undefined ? [] : [file];
  });
  const readable = [
    ...(program === undefined ? [] : [path.dirname(program)]),
    ...scripts.flatMap((script) => [path.dirname(script), ...nodeModulesAbove(script)]),
  ];
  const paths: SandboxPath[] = [
    ...[...new Set(readable)].map((directory): SandboxPath => ({ path: directory, access: 'read' })),
    ...scope.contextPaths.map((contextPath): SandboxPath => ({ path: contextPath, access: 'read' })),
    ...scope.hidden.map((file): SandboxPath => ({ path: file, access: 'hidden' })),
    { path: scope.workspace, access: 'write' },
  ];
  return { workingDirectory: scope.workingDirectory, paths, network: { kind: network } };
}

function programFile(command: string, scope: ServerSandboxScope): string | undefined {
  if (/[\\/]/.test(command)) return realPathOfKind(path.resolve(scope.workingDirectory, command), 'file');
  const found = which.sync(command, { nothrow: true, path: scope.env['PATH'] ?? '' });
  return found === null ? undefined : realPathOfKind(found, 'file');
}

/** Where Node looks for what `file` imports: each `node_modules` it lies in or beside, the outermost of each nest. */
function nodeModulesAbove(file: string): string[] {
  const found: string[] = [];
  for (let directory = path.dirname(file); directory !== path.dirname(directory); directory = path.dirname(directory)) {
    if (path.basename(directory) === 'node_modules') found.push(directory);
    else if (isDirectory(path.join(directory, 'node_modules'))) found.push(path.join(directory, 'node_modules'));
  }
  return found.filter(
    (directory) =>
      !within(
        directory,
        found.filter((other) => other !== directory),
      ),
  );
}
