import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '@massgen/config';
import type { MassGenConfig } from '@massgen/config';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import type { RunOptions } from './run.js';

/** The runtime package's folder: the tests find the first-party plugins from here. */
export const runtimeDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunDirectory {
  /** The test's working directory, fresh for each test. */
  readonly path: string;
  /** Run options for a run in this directory that loads plugins from their TypeScript source, plus `extra`. */
  options(extra?: RunOptions): RunOptions;
  /** `yaml` parsed as a configuration written in this directory, with no environment variables. */
  config(yaml: string): MassGenConfig;
}

/** The start of a configuration: two agents, alpha on model-a and beta on model-b. */
export const alphaAndBeta = `agents:
  - id: alpha
    backend: { type: chatcompletion, model: model-a }
  - id: beta
    backend: { type: chatcompletion, model: model-b }
`;

/** One agent, planner, with an MCP server `weather` for the stand-in @massgen/mcp packages the tests install. */
export const weatherPlanner = `agent:
  id: planner
  backend:
    type: chatcompletion
    model: m
    mcp_servers:
      weather: { type: stdio, command: weather-server }
`;

/** A temporary working directory for each test of the file (`massgen-<prefix>-…`), removed after it. */
export function useRunDirectory(prefix: string): RunDirectory {
  const directory = useTemporaryDirectory(prefix);
  return {
    get path() {
      return directory.path;
    },
    options: (extra = {}) => ({
      cwd: directory.path,
      pluginSearchPaths: [runtimeDirectory],
      pluginConditions: ['@massgen/source'],
      ...extra,
    }),
    config: (yaml) => parseConfig(yaml, { baseDir: directory.path, cwd: directory.path, env: {} }),
  };
}

/** Installs an ES module package `name` whose `index.js` is `source` in `project`'s node_modules, as a user would. */
export function installModulePackage(project: string, name: string, source: string): void {
  const packageDirectory = path.join(project, 'node_modules', name);
  mkdirSync(packageDirectory, { recursive: true });
  writeFileSync(
    path.join(packageDirectory, 'package.json'),
    JSON.stringify({ name, type: 'module', exports: { '.': { import: './index.js' } } }),
  );
  writeFileSync(path.join(packageDirectory, 'index.js'), source);
}
