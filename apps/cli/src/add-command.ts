import { spawn } from 'node:child_process';
import path from 'node:path';
import { Command } from 'commander';
import { MassGenError } from '@massgen/core';
import { supportedBackendTypes, upstreamBackendTypeNote } from '@massgen/config';
import {
  PluginLoader,
  closestBackendTypes,
  firstPartyBackendPackage,
  firstPartyMcpIntegrations,
  massgenVersion,
  pluginInstallCommand,
  pluginInstallTarget,
} from '@massgen/runtime';
import type { InstallCommand, InstalledPlugin } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { installedPlugins } from './plugins-command.js';
import { configureProgram, reportError } from './command-program.js';

interface AddOptions {
  global?: boolean;
  dryRun?: boolean;
}

/** What one argument of `massgen add` asks for. */
interface AddRequest {
  argument: string;
  /** What the package manager is given: `@massgen/backend-local@0.1.0`, a name, a path, a URL. */
  spec: string;
  /** The backend type asked for by name, to check that it loads afterwards. */
  type?: string;
}

/**
 * `massgen add <type|package>...`: installs plugins where a run finds them (the user's project,
 * or beside massgen itself), with the package manager the project uses, showing the command.
 */
export async function addCommand(args: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  const program = new Command('massgen add')
    .description(
      'Add plugins: a backend type MassGen publishes a package for (local, claude_code, ...), or any package name, tarball or URL. Installs into the project in this directory (with its package manager: pnpm, npm, yarn or bun, from its lockfile), or beside massgen itself when there is no project here.',
    )
    .argument('<plugins...>', 'backend types or packages')
    .option('-g, --global', 'install beside massgen itself, even inside a project')
    .option('--dry-run', 'show the command and where it would run, and change nothing');
  configureProgram(program, io);
  try {
    program.parse([...args], { from: 'user' });
    return await add(program.args, program.opts<AddOptions>(), io);
  } catch (error) {
    return reportError(error, io, false, 'massgen add');
  }
}

async function add(argumentsGiven: readonly string[], options: AddOptions, io: CliIo): Promise<ExitCodeValue> {
  const loader = new PluginLoader({ searchPaths: [io.cwd, cliPackageDirectory()] });
  const requests: AddRequest[] = [];
  for (const argument of argumentsGiven) {
    const request = toRequest(argument, io.cwd);
    if (request.type !== undefined && loader.findBackendPackage(request.type) !== undefined) {
      io.stdout.write(`${request.type}: already installed (${loader.findBackendPackage(request.type) ?? ''}).\n`);
      continue;
    }
    requests.push(request);
  }
  if (requests.length === 0) return ExitCode.success;

  const target = pluginInstallTarget({
    cwd: io.cwd,
    appDirectory: cliPackageDirectory(),
    besideApp: options.global === true,
    env: io.env,
  });
  const command = pluginInstallCommand(
    target,
    requests.map((request) => request.spec),
  );
  io.stderr.write(`Installing into ${target.directory} with ${target.packageManager}:\n  $ ${command.text}\n`);
  if (options.dryRun === true) return ExitCode.success;

  const before = await installedPlugins(io);
  const status = await runInstall(command, target.directory, io);
  if (status !== 0) {
    throw new MassGenError({
      code: 'INTERNAL',
      message: `${command.text} failed (exit status ${status}); see its output above. Nothing was added.`,
    });
  }
  return report(before, await installedPlugins(io), requests, io);
}

/** A type MassGen publishes a package for, or anything the package manager understands as is. */
function toRequest(argument: string, cwd: string): AddRequest {
  if (/^(?:\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/])/.test(argument) || /\.t(?:ar\.)?gz$/.test(argument)) {
    return { argument, spec: path.resolve(cwd, argument) };
  }
  if (/^(?:@|massgen-)|[/:]/.test(argument)) return { argument, spec: argument };
  const version = massgenVersion();
  const integration = /^mcp-(.+)$/.exec(argument)?.[1];
  if (integration !== undefined) {
    if (!firstPartyMcpIntegrations.includes(integration))
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `MassGen publishes no MCP integration "${integration}"; its integrations are ${firstPartyMcpIntegrations.map((name) => `mcp-${name}`).join(', ')}. To add another package, give its name: massgen add <package>.`,
      });
    const integrationPackage = `@massgen/mcp-${integration}`;
    return { argument, spec: version === undefined ? integrationPackage : `${integrationPackage}@${version}` };
  }
  const packageName = firstPartyBackendPackage(argument);
  const note = upstreamBackendTypeNote(argument);
  if (packageName === undefined && note !== undefined) {
    throw new MassGenError({ code: 'CONFIG_INVALID', message: `no plugin to add for "${argument}": ${note}.` });
  }
  if (packageName === undefined) {
    const close = closestBackendTypes(argument);
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message:
        `MassGen publishes no plugin for backend type "${argument}"` +
        `${close.length === 0 ? '' : ` (did you mean ${close.map((name) => `"${name}"`).join(' or ')}?)`}. ` +
        `Its types are ${supportedBackendTypes.join(', ')}. To add another package, give its name: massgen add <package>.`,
    });
  }
  return { argument, spec: version === undefined ? packageName : `${packageName}@${version}`, type: argument };
}

function runInstall(command: InstallCommand, directory: string, io: CliIo): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command.command, command.args, {
      cwd: directory,
      env: { ...io.env },
      // npm, pnpm and yarn are .cmd scripts on Windows, which only a shell starts.
      shell: process.platform === 'win32',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The package manager's output is progress: it goes to stderr, so stdout keeps only the result.
    child.stdout.on('data', (chunk: Buffer) => io.stderr.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => io.stderr.write(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new MassGenError({
          code: 'INTERNAL',
          message:
            error.code === 'ENOENT'
              ? `${command.command} is not installed or not on PATH, so "${command.text}" cannot run.`
              : `${command.text} could not start: ${error.message}`,
        }),
      ),
    );
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Says what each plugin added serves; fails when an asked-for type still does not load. */
function report(
  before: readonly InstalledPlugin[],
  after: readonly InstalledPlugin[],
  requests: readonly AddRequest[],
  io: CliIo,
): ExitCodeValue {
  const previous = new Map(before.map((plugin) => [plugin.packageName, plugin.version]));
  const added = after.filter((plugin) => previous.get(plugin.packageName) !== plugin.version);
  for (const plugin of added) {
    const what = plugin.problem === undefined ? `serves ${plugin.serves.join(', ')}` : `unusable: ${plugin.problem}`;
    io.stdout.write(`Added ${plugin.packageName} ${plugin.version} (${plugin.kind}; ${what})\n`);
  }
  const loader = new PluginLoader({ searchPaths: [io.cwd, cliPackageDirectory()] });
  const unresolved = requests.filter(
    (request) => request.type !== undefined && loader.findBackendPackage(request.type) === undefined,
  );
  if (unresolved.length > 0) {
    throw new MassGenError({
      code: 'PLUGIN_NOT_FOUND',
      message: `installed, but a run here still finds no package for ${unresolved.map((request) => `"${request.type ?? ''}"`).join(', ')}: ${unresolved.map((request) => loader.describeMissingBackend(request.type ?? '')).join(' ')}`,
    });
  }
  if (added.length === 0)
    io.stdout.write('No plugin was added or changed (already installed, or not a MassGen plugin).\n');
  return ExitCode.success;
}
