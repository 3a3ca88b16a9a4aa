import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { toMassGenError } from '@massgen/core';
import { PluginLoader, listInstalledPlugins } from '@massgen/runtime';
import type { InstalledPlugin } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode, exitCodeForError } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { displayPath } from './run-summary.js';

/** `massgen plugins`: the plugin packages a run here would load, their versions and what they serve. */
export async function pluginsCommand(args: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  const program = new Command('massgen plugins')
    .description(
      'List the plugin packages (backends, strategies, extensions) a run in this directory can load,\nwith their versions and the types they serve. Add one with: massgen add <type|package>',
    )
    .option('--json', 'print the list as JSON')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  try {
    program.parse([...args], { from: 'user' });
    const plugins = await installedPlugins(io);
    if (program.opts<{ json?: boolean }>().json === true) {
      io.stdout.write(`${JSON.stringify(plugins, null, 2)}\n`);
    } else {
      io.stdout.write(formatPluginTable(plugins, io.cwd));
    }
    return ExitCode.success;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.success : ExitCode.configError;
    const failure = toMassGenError(error);
    io.stderr.write(`massgen plugins: ${failure.message}\n`);
    return exitCodeForError(failure);
  }
}

/** The plugins a run from `io.cwd` would see: the project's first, then those that come with massgen. */
export function installedPlugins(io: CliIo): Promise<InstalledPlugin[]> {
  const searchPaths = [io.cwd, cliPackageDirectory()];
  return listInstalledPlugins(new PluginLoader({ searchPaths }), searchPaths);
}

/** One row per plugin: package, version, kind, what it serves, and where it comes from. */
export function formatPluginTable(plugins: readonly InstalledPlugin[], cwd: string): string {
  const bundled = cliDependencies();
  const rows = plugins.map((plugin) => [
    plugin.packageName,
    plugin.version,
    plugin.kind,
    plugin.problem === undefined ? plugin.serves.join(', ') : `unusable: ${plugin.problem}`,
    bundled.has(plugin.packageName) ? 'comes with massgen' : displayPath(plugin.directory, cwd),
  ]);
  const header = ['PACKAGE', 'VERSION', 'KIND', 'SERVES', 'FROM'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${[header, ...rows].map(line).join('\n')}\n`;
}

/** The packages the massgen package itself depends on. */
function cliDependencies(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(cliPackageDirectory(), 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return new Set(Object.keys(manifest.dependencies ?? {}));
}
