import path from 'node:path';
import type { ToolPackageModule, ToolSource, ToolSourceContext, Warning } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import { createToolSourceContext, openToolPackage } from '@massgen/runtime';
import * as workspacePackage from './index.js';
import type { WorkspaceAgentSettings, WorkspaceRunSettings } from './workspace-settings.js';

const workspace = workspacePackage as ToolPackageModule;

/** The start of a configuration: context paths `shared` (read) and `out` (write, its `keep` protected). */
export const sharedAndOutContextPaths = `orchestrator:
  context_paths:
    - { path: shared, permission: read }
    - { path: out, permission: write, protected_paths: [keep] }
`;

/** A configuration file `team.yaml` in `directory`, parsed as a run parses it. */
export function configIn(directory: string, yaml: string) {
  return parseConfig(yaml, { file: path.join(directory, 'team.yaml'), baseDir: directory, cwd: directory, env: {} });
}

function run(directory: string, warn: (warning: Warning) => void, runId: string) {
  return { runId, cwd: directory, signal: new AbortController().signal, warn };
}

/** What the runtime gives this package for a run of `yaml`, its settings checked by the package's schemas. */
export function workspaceContext(
  directory: string,
  yaml: string,
  options: { runId?: string; warn?: (warning: Warning) => void } = {},
): ToolSourceContext<WorkspaceAgentSettings, WorkspaceRunSettings> {
  const context = createToolSourceContext(
    workspace,
    configIn(directory, yaml),
    'workspace',
    run(directory, options.warn ?? (() => undefined), options.runId ?? 'run-1'),
  );
  if (context === undefined) throw new Error('the configuration does not name the workspace package');
  return context as ToolSourceContext<WorkspaceAgentSettings, WorkspaceRunSettings>;
}

/** This package opened by the runtime for a run of `yaml`; undefined when the run does not need it. */
export function openWorkspace(
  directory: string,
  yaml: string,
  warn: (warning: Warning) => void = () => undefined,
): Promise<ToolSource | undefined> {
  return openToolPackage(workspace, configIn(directory, yaml), 'workspace', run(directory, warn, 'run-1'));
}
