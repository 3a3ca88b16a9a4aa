import path from 'node:path';
import type { ConfigIssue, ToolModels, ToolPackageModule, ToolSource, Warning } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { checkToolPackage, openToolPackage } from '@massgen/runtime';
import * as customToolsPackage from './index.js';

const customTools = customToolsPackage as ToolPackageModule;

/** A configuration `team.yaml` in `directory` whose agent `coder` has these `backend` lines. */
export function agentYaml(backendLines: readonly string[]): string {
  return [
    'agents:',
    '  - id: coder',
    '    backend:',
    '      type: openai',
    ...backendLines.map((line) => `      ${line}`),
    '',
  ].join('\n');
}

function configIn(directory: string, yaml: string, env: Record<string, string | undefined>) {
  return parseConfig(yaml, { file: path.join(directory, 'team.yaml'), baseDir: directory, cwd: directory, env });
}

/** This package opened by the runtime for a run of `yaml`, as a run opens it. */
export async function openCustomTools(
  directory: string,
  yaml: string,
  options: { env?: Record<string, string | undefined>; warnings?: Warning[]; models?: ToolModels } = {},
): Promise<ToolSource> {
  const config = configIn(directory, yaml, options.env ?? process.env);
  const source = await openToolPackage(customTools, config, 'custom', {
    runId: 'run-1',
    cwd: directory,
    signal: new AbortController().signal,
    warn: (warning) => options.warnings?.push(warning),
    ...(options.models === undefined ? {} : { models: options.models }),
  });
  if (source === undefined) throw new Error('the run does not need the custom tools package');
  return source;
}

/** What `massgen --validate` and a run's preflight report about this package's settings. */
export async function checkCustomToolSettings(
  directory: string,
  yaml: string,
  env: Record<string, string | undefined> = process.env,
): Promise<{ issues: ConfigIssue[]; warnings: Warning[] }> {
  const config = configIn(directory, yaml, env);
  const entry = config.tools.find((candidate) => candidate.name === 'custom');
  if (entry === undefined) return { issues: [], warnings: [] };
  const { issues, warnings } = await checkToolPackage(config, entry, customTools);
  return { issues, warnings };
}

/** Runs the agent's tool as the runtime does: by the name the model calls it. */
export async function callTool(
  source: ToolSource,
  name: string,
  input: unknown,
  options: { signal?: AbortSignal; workingDirectory?: string } = {},
) {
  const tool = source.toolsFor?.('coder').find((candidate) => candidate.name === name);
  if (tool === undefined)
    throw new Error(
      `no tool ${name}; the agent has ${source
        .toolsFor?.('coder')
        .map((t) => t.name)
        .join(', ')}`,
    );
  return tool.execute(input, {
    agentId: 'coder',
    signal: options.signal ?? new AbortController().signal,
    ...(options.workingDirectory === undefined ? {} : { workingDirectory: options.workingDirectory }),
  });
}
