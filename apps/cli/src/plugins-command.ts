import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, Help } from 'commander';
import { PluginLoader, listInstalledPlugins } from '@massgen/runtime';
import type { InstalledPlugin } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import { displayPath } from './run-summary.js';
import { configureProgram, reportError } from './command-program.js';

/** `massgen plugins`: the plugin packages a run here would load, their versions and what they serve. */
export async function pluginsCommand(args: readonly string[], io: CliIo): Promise<ExitCodeValue> {
  const program = new Command('massgen plugins')
    .description(
      'List the plugin packages (backends, strategies, tool packages) a run in this directory can load,\nwith their versions and the types they serve. Add one with: massgen add <type|package>',
    )
    .option('--json', 'print the list as JSON');
  configureProgram(program, io);
  try {
    program.parse([...args], { from: 'user' });
    const plugins = await installedPlugins(io);
    if (program.opts<{ json?: boolean }>().json === true) {
      io.stdout.write(`${JSON.stringify(plugins, null, 2)}\n`);
    } else {
      io.stdout.write(formatPluginTable(plugins, io.cwd, terminalWidth(io.stdout)));
    }
    return ExitCode.success;
  } catch (error) {
    return reportError(error, io, false, 'massgen plugins');
  }
}

/** The plugins a run from `io.cwd` would see: the project's first, then those that come with massgen. */
export function installedPlugins(io: CliIo): Promise<InstalledPlugin[]> {
  const searchPaths = [io.cwd, cliPackageDirectory()];
  return listInstalledPlugins(new PluginLoader({ searchPaths }), searchPaths);
}

/**
 * One row per plugin: package, version, kind, what it serves, and where it comes from. One package
 * can serve a dozen types, so on a terminal (`width` given) what it serves wraps within its own
 * column. Into a pipe each plugin stays on one line, for grep, with what it serves last: padded
 * out to the longest list, it would push every row to the width of that one.
 */
export function formatPluginTable(plugins: readonly InstalledPlugin[], cwd: string, width?: number): string {
  const bundled = cliDependencies();
  const servesLast = width === undefined;
  const columnsOf = (first: readonly string[], serves: string, from: string): string[] =>
    servesLast ? [...first, from, serves] : [...first, serves, from];
  const rows = plugins.map((plugin) =>
    columnsOf(
      [plugin.packageName, plugin.version, plugin.kind],
      plugin.problem === undefined ? plugin.serves.join(', ') : `unusable: ${plugin.problem}`,
      bundled.has(plugin.packageName) ? bundledLabel : displayPath(plugin.directory, cwd),
    ),
  );
  const header = columnsOf(['PACKAGE', 'VERSION', 'KIND'], 'SERVES', 'FROM');
  const gap = '  ';
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  if (width !== undefined) {
    // A path in FROM may run past the edge (it is last, so nothing after it is pushed); SERVES
    // gets what is left beside the other columns and the usual "comes with massgen".
    const fixed =
      (widths[0] ?? 0) + (widths[1] ?? 0) + (widths[2] ?? 0) + bundledLabel.length + gap.length * (header.length - 1);
    widths[servesColumnOnTerminal] = Math.min(
      widths[servesColumnOnTerminal] ?? 0,
      Math.max(width - fixed, minimumServesWidth),
    );
  }
  const help = new Help();
  help.minWidthToWrap = minimumServesWidth;
  const line = (cells: readonly string[]): string => {
    const columns = cells.map((cell, column) =>
      column === servesColumnOnTerminal && width !== undefined
        ? help.boxWrap(cell, widths[column] ?? 0).split('\n')
        : [cell],
    );
    const height = Math.max(...columns.map((column) => column.length));
    return Array.from({ length: height }, (_, index) =>
      columns
        .map((column, position) =>
          position === columns.length - 1 ? (column[index] ?? '') : (column[index] ?? '').padEnd(widths[position] ?? 0),
        )
        .join(gap)
        .trimEnd(),
    ).join('\n');
  };
  return `${[header, ...rows].map(line).join('\n')}\n`;
}

const servesColumnOnTerminal = 3;
const minimumServesWidth = 20;
const bundledLabel = 'comes with massgen';

/** The width to wrap to: the terminal's, or none when the output goes to a pipe or a file. */
function terminalWidth(stream: NodeJS.WritableStream): number | undefined {
  const { isTTY, columns } = stream as { isTTY?: boolean; columns?: number };
  return isTTY === true && columns !== undefined && columns > 0 ? columns : undefined;
}

/** The packages the massgen package itself depends on. */
function cliDependencies(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(cliPackageDirectory(), 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return new Set(Object.keys(manifest.dependencies ?? {}));
}
