import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentWorkspace, CoordinationEvent, RunEvent, ToolSource } from '@massgen/core';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { openWorkspace, sharedAndOutContextPaths } from './workspace-test-support.js';

const scratch = useTemporaryDirectory('workspace-for');
let seq = 0;

beforeEach(() => {
  mkdirSync(path.join(scratch.path, 'shared'));
  mkdirSync(path.join(scratch.path, 'out', 'keep'), { recursive: true });
});

const teamYaml = `${sharedAndOutContextPaths}agents:
  - id: alpha
    backend: { type: claude_code, cwd: alpha_ws }
  - id: beta
    backend: { type: claude_code, cwd: beta_ws }
  - id: gamma
    backend: { type: claude_code }
`;

async function open(yaml = teamYaml): Promise<ToolSource> {
  const source = await openWorkspace(scratch.path, yaml);
  if (source === undefined) throw new Error('the run does not need the workspace package');
  return source;
}

function stamp(event: CoordinationEvent): RunEvent {
  seq += 1;
  return { ...event, runId: 'run-1', seq, time: 0 };
}

/** The access the workspace gives to each named or real path, as a backend would read it. */
function accessByPath(workspace: AgentWorkspace | undefined): Record<string, string> {
  return Object.fromEntries((workspace?.roots() ?? []).map((root) => [root.name ?? root.path, root.access]));
}

describe('the workspace a backend that runs its own tools gets', () => {
  it('follows the run: own workspace writable, peers readable after an answer, write paths for the presenting winner only', async () => {
    const extension = await open();
    const alpha = extension.workspaceFor?.('alpha');
    const beta = extension.workspaceFor?.('beta');
    const alphaDirectory = path.join(scratch.path, '.massgen', 'workspaces', 'run-1', 'alpha_ws');
    expect(alpha?.directory).toBe(alphaDirectory);
    expect(accessByPath(alpha)).toMatchObject({
      [alphaDirectory]: 'write',
      [path.join(scratch.path, 'shared')]: 'read',
      [path.join(scratch.path, 'out')]: 'read',
    });
    // Another agent's live workspace is closed to it.
    expect(accessByPath(beta)).toMatchObject({ [alphaDirectory]: 'none' });
    expect(alpha?.protectedPaths()).toEqual([path.join(scratch.path, 'out', 'keep')]);

    await extension.onEvent?.(stamp({ type: 'answer', agentId: 'alpha', label: 'agent1.1', content: 'v1', round: 1 }));
    expect(accessByPath(beta)['peers/agent1']).toBe('read');

    await extension.onEvent?.(
      stamp({ type: 'consensus', winnerAgentId: 'alpha', winnerLabel: 'agent1.1', tally: [], stopReason: 'consensus' }),
    );
    expect(accessByPath(alpha)[path.join(scratch.path, 'out')]).toBe('write');
    expect(accessByPath(beta)[path.join(scratch.path, 'out')]).toBe('read');

    await extension.close();
    expect(accessByPath(alpha)[alphaDirectory]).toBe('read');
  });

  it('gives an agent without cwd its context paths and no directory', async () => {
    const extension = await open();
    const gamma = extension.workspaceFor?.('gamma');
    expect(gamma?.directory).toBeUndefined();
    expect(accessByPath(gamma)[path.join(scratch.path, 'shared')]).toBe('read');
    expect(extension.workspaceFor?.('nobody')).toBeUndefined();
    await extension.close();
  });
});
