import { existsSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Warning } from '@massgen/core';
import { createWorkspaceLayout } from './workspace-layout.js';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { workspaceContext } from './workspace-test-support.js';

const scratch = useTemporaryDirectory('layout');

function layoutOf(yaml: string, runId = 'run-1', warn: (warning: Warning) => void = () => undefined) {
  return createWorkspaceLayout(workspaceContext(scratch.path, yaml, { runId, warn }));
}

describe('createWorkspaceLayout', () => {
  it('puts relative workspaces under <agent_temporary_workspace>/<runId>, absolute ones where they are, and snapshots under <snapshot_storage>/<runId>', async () => {
    const absolute = path.join(scratch.path, 'elsewhere', 'mine');
    const layout = await layoutOf(
      `agents:
  - id: a
    backend: { type: openai, cwd: project_ui }
  - id: b
    backend: { type: openai, cwd: "${absolute}" }
  - id: c
    backend: { type: openai }
`,
      'run-7',
      () => undefined,
    );
    expect(layout.temporaryRoot).toBe(path.join(scratch.path, '.massgen', 'workspaces'));
    expect(layout.snapshotDirectory).toBe(path.join(scratch.path, '.massgen', 'snapshots', 'run-7'));
    expect(layout.agents.map((agent) => agent.workspace)).toEqual([
      path.join(scratch.path, '.massgen', 'workspaces', 'run-7', 'project_ui'),
      absolute,
      undefined,
    ]);
    expect(realpathSync(absolute)).toBe(absolute);
  });

  it('honours snapshot_storage and agent_temporary_workspace', async () => {
    const layout = await layoutOf(
      `orchestrator: { snapshot_storage: ./snaps, agent_temporary_workspace: ./temp }
agents:
  - id: a
    backend: { type: openai, cwd: ws }
`,
      'run-1',
      () => undefined,
    );
    expect(layout.snapshotDirectory).toBe(path.join(scratch.path, 'snaps', 'run-1'));
    expect(layout.agents[0]?.workspace).toBe(path.join(scratch.path, 'temp', 'run-1', 'ws'));
  });

  it('rejects a relative workspace that climbs out of the workspace root, naming the key', async () => {
    const attempt = layoutOf(
      'agent:\n  id: a\n  backend: { type: openai, cwd: ../../escape }\n',
      'run-1',
      () => undefined,
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('agent.backend.cwd (line 3): "../../escape" leaves agent_temporary_workspace'),
    });
  });

  it('rejects agents sharing one workspace, each at its cwd, however the directory is written', async () => {
    const link = path.join(scratch.path, 'link');
    mkdirSync(path.join(scratch.path, 'real'));
    symlinkSync(path.join(scratch.path, 'real'), link);
    const attempt = layoutOf(`agents:
  - id: a
    backend: { type: openai, cwd: same }
  - id: b
    backend: { type: openai, cwd: ./same/ }
  - id: c
    backend: { type: openai, cwd: "${path.join(scratch.path, 'real')}" }
  - id: d
    backend: { type: openai, cwd: "${link}" }
`);
    await expect(attempt).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      issues: [
        {
          path: 'agents[1].backend.cwd',
          line: 5,
          message: 'agents "a" and "b" have the same workspace (cwd); expected each agent to have its own directory',
        },
        {
          path: 'agents[3].backend.cwd',
          line: 9,
          message: 'agents "c" and "d" have the same workspace (cwd); expected each agent to have its own directory',
        },
      ],
    });
    // Refused before anything is made.
    expect(existsSync(path.join(scratch.path, '.massgen'))).toBe(false);
  });

  it('warns about a context path that does not exist, and merges one listed twice with the wider access', async () => {
    mkdirSync(path.join(scratch.path, 'shared'));
    const warnings: Warning[] = [];
    const layout = await layoutOf(
      `orchestrator:
  context_paths:
    - { path: shared, permission: read }
agents:
  - id: a
    backend:
      type: openai
      context_paths:
        - { path: shared, access: write }
        - { path: missing }
`,
      'run-1',
      (warning) => warnings.push(warning),
    );
    expect(layout.agents[0]?.contextPaths).toEqual([
      {
        configuredPath: path.join(scratch.path, 'shared'),
        realPath: path.join(scratch.path, 'shared'),
        access: 'write',
        protectedPaths: [],
      },
      {
        configuredPath: path.join(scratch.path, 'missing'),
        realPath: path.join(scratch.path, 'missing'),
        access: 'read',
        protectedPaths: [],
      },
    ]);
    expect(warnings).toEqual([
      {
        code: 'context-path-missing',
        message: `agents[0].backend.context_paths: the context path ${path.join(scratch.path, 'missing')} does not exist; agents will find nothing there until it is created`,
        path: 'agents[0].backend.context_paths',
        agentId: 'a',
      },
    ]);
  });
});
