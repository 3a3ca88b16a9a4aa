import type { MassGenConfig } from '@massgen/config';
import { run as runtimeRun, runStream as runtimeRunStream } from '@massgen/runtime';
import type { RunOptions, RunResult, RunStream } from '@massgen/runtime';
import { cliPackageDirectory } from './cli-package.js';

/**
 * Runs a team on a question: `import { run } from 'massgen'`. Takes a configuration object or
 * the path of a YAML file, and resolves with the final answer, the winner, the votes, the
 * answers, each agent's usage and the run record's directory.
 *
 * The backends and strategies that come with `massgen` are found even when the calling project
 * does not depend on them itself (pnpm hides a package's dependencies from its dependents).
 */
export function run(
  configOrFile: MassGenConfig | string,
  question: string,
  options: RunOptions = {},
): Promise<RunResult> {
  return runtimeRun(configOrFile, question, withBundledPlugins(options));
}

/**
 * The same run, read as it happens: `for await (const event of runStream(...).events)`, with
 * the result beside it. Leaving the loop early cancels the run.
 */
export function runStream(configOrFile: MassGenConfig | string, question: string, options: RunOptions = {}): RunStream {
  return runtimeRunStream(configOrFile, question, withBundledPlugins(options));
}

function withBundledPlugins(options: RunOptions): RunOptions {
  return { ...options, pluginSearchPaths: [...(options.pluginSearchPaths ?? []), cliPackageDirectory()] };
}
