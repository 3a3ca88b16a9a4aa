import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoordinationEvent, RunEvent, ToolSource, Tool, Warning } from '@massgen/core';
import { sandboxAvailability } from '@massgen/process-containment';
import { specificationVersion } from './index.js';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { openWorkspace, sharedAndOutContextPaths } from './workspace-test-support.js';

const scratch = useTemporaryDirectory('extension');
let warnings: Warning[];
let seq: number;

beforeEach(() => {
  mkdirSync(path.join(scratch.path, 'shared'));
  writeFileSync(path.join(scratch.path, 'shared', 'brief.md'), 'Build a landing page.');
  mkdirSync(path.join(scratch.path, 'out', 'keep'), { recursive: true });
  writeFileSync(path.join(scratch.path, 'out', 'keep', 'LICENSE'), 'keep');
  warnings = [];
  seq = 0;
});

const teamYaml = `${sharedAndOutContextPaths}agents:
  - id: alpha
    backend: { type: openai, cwd: alpha_ws, enable_mcp_command_line: true }
  - id: beta
    backend: { type: openai, cwd: beta_ws }
`;

async function open(yaml = teamYaml): Promise<ToolSource> {
  const source = await openWorkspace(scratch.path, yaml, (warning) => warnings.push(warning));
  if (source === undefined) throw new Error('the run does not need the workspace package');
  return source;
}

function stamp(event: CoordinationEvent): RunEvent {
  seq += 1;
  return { ...event, runId: 'run-1', seq, time: 0 };
}

async function call(extension: ToolSource, agentId: string, name: string, input: Record<string, unknown>) {
  const tool = extension.toolsFor?.(agentId).find((candidate: Tool) => candidate.name === name);
  if (tool === undefined) throw new Error(`${agentId} has no tool ${name}`);
  return tool.execute(input, { agentId, signal: new AbortController().signal });
}

const workspaceOf = (agent: string): string =>
  path.join(scratch.path, '.massgen', 'workspaces', 'run-1', `${agent}_ws`);
const out = (...parts: string[]): string => path.join(scratch.path, 'out', ...parts);

describe('the workspace run extension', () => {
  it('is a v1 run extension that gives each agent file tools, and the command tool only where switched on', async () => {
    expect(specificationVersion).toBe('v1');
    const extension = await open();
    const names = (agentId: string) => extension.toolsFor?.(agentId).map((tool) => tool.name);
    const fileTools = ['read_file', 'list_directory', 'search_files', 'write_file', 'edit_file', 'copy_file'];
    expect(names('alpha')).toEqual([...fileTools, 'execute_command']);
    expect(names('beta')).toEqual(fileTools);
    expect(extension.toolsFor?.('alpha')[0]?.description).toContain(
      `${out()} (read-only; writable for the agent that presents the final answer)`,
    );
    expect(existsSync(workspaceOf('alpha'))).toBe(true);
    await extension.close();
  });

  it("shows each agent the others' work as of their latest answer, under anonymous labels, read-only", async () => {
    const extension = await open();
    await call(extension, 'alpha', 'write_file', { path: 'index.html', content: '<h1>v1</h1>' });
    await expect(call(extension, 'beta', 'read_file', { path: 'peers/agent1/index.html' })).resolves.toMatchObject({
      isError: true,
    });

    await extension.onEvent?.(stamp({ type: 'answer', agentId: 'alpha', label: 'agent1.1', content: 'v1', round: 1 }));
    await expect(call(extension, 'beta', 'read_file', { path: 'peers/agent1/index.html' })).resolves.toEqual({
      content: '<h1>v1</h1>',
    });
    await expect(call(extension, 'alpha', 'list_directory', { path: 'peers' })).resolves.toEqual({
      content: 'peers/ is empty: no other agent has submitted an answer yet.',
    });
    await expect(
      call(extension, 'beta', 'write_file', { path: 'peers/agent1/index.html', content: 'mine' }),
    ).resolves.toMatchObject({ isError: true });

    // Later edits stay private until the next answer.
    await call(extension, 'alpha', 'write_file', { path: 'index.html', content: '<h1>v2</h1>' });
    await expect(call(extension, 'beta', 'read_file', { path: 'peers/agent1/index.html' })).resolves.toEqual({
      content: '<h1>v1</h1>',
    });
    await extension.onEvent?.(stamp({ type: 'answer', agentId: 'alpha', label: 'agent1.2', content: 'v2', round: 2 }));
    await expect(call(extension, 'beta', 'read_file', { path: 'peers/agent1/index.html' })).resolves.toEqual({
      content: '<h1>v2</h1>',
    });
    expect(
      readFileSync(path.join(scratch.path, '.massgen', 'snapshots', 'run-1', 'agent1.1', 'index.html'), 'utf8'),
    ).toBe('<h1>v1</h1>');
    await extension.close();
  });

  it('lets only the winner write the write context paths, only while it presents, and never their protected paths', async () => {
    const extension = await open();
    await expect(
      call(extension, 'beta', 'read_file', { path: path.join(scratch.path, 'shared', 'brief.md') }),
    ).resolves.toEqual({ content: 'Build a landing page.' });
    await expect(
      call(extension, 'beta', 'write_file', { path: out('site.html'), content: 'early' }),
    ).resolves.toMatchObject({
      isError: true,
      content: expect.stringContaining('writable only for the agent that presents the final answer'),
    });

    await extension.onEvent?.(
      stamp({ type: 'consensus', winnerAgentId: 'beta', winnerLabel: 'agent2.1', tally: [], stopReason: 'consensus' }),
    );
    await expect(
      call(extension, 'alpha', 'write_file', { path: out('site.html'), content: 'loser' }),
    ).resolves.toMatchObject({ isError: true });
    await expect(call(extension, 'beta', 'write_file', { path: out('site.html'), content: 'winner' })).resolves.toEqual(
      { content: `Wrote 6 bytes to ${out('site.html')}.` },
    );
    await expect(
      call(extension, 'beta', 'write_file', { path: out('keep', 'LICENSE'), content: 'changed' }),
    ).resolves.toMatchObject({
      isError: true,
      content: expect.stringContaining('protected'),
    });
    await expect(
      call(extension, 'beta', 'write_file', { path: path.join(scratch.path, 'shared', 'brief.md'), content: 'x' }),
    ).resolves.toMatchObject({ isError: true });

    await call(extension, 'beta', 'write_file', { path: 'final-notes.md', content: 'notes' });
    await extension.onEvent?.(stamp({ type: 'final', agentId: 'beta', label: 'agent2.final', content: 'done' }));
    await expect(
      call(extension, 'beta', 'write_file', { path: out('late.html'), content: 'late' }),
    ).resolves.toMatchObject({ isError: true });
    expect(readFileSync(out('site.html'), 'utf8')).toBe('winner');
    expect(readFileSync(out('keep', 'LICENSE'), 'utf8')).toBe('keep');
    expect(
      readFileSync(path.join(scratch.path, '.massgen', 'snapshots', 'run-1', 'agent2.final', 'final-notes.md'), 'utf8'),
    ).toBe('notes');
    await extension.close();
  });

  it("keeps other agents' live workspaces and the snapshots closed, even inside a context path", async () => {
    const extension = await open(`agents:
  - id: alpha
    backend: { type: openai, cwd: alpha_ws, context_paths: [{ path: ., access: read }] }
  - id: beta
    backend: { type: openai, cwd: beta_ws }
`);
    await call(extension, 'beta', 'write_file', { path: 'draft.md', content: 'first draft' });
    await extension.onEvent?.(
      stamp({ type: 'answer', agentId: 'beta', label: 'agent2.1', content: 'draft', round: 1 }),
    );
    await call(extension, 'beta', 'write_file', { path: 'draft.md', content: 'unsubmitted' });
    await expect(
      call(extension, 'alpha', 'read_file', { path: path.join(workspaceOf('beta'), 'draft.md') }),
    ).resolves.toMatchObject({ isError: true });
    await expect(
      call(extension, 'alpha', 'search_files', { path: scratch.path, text: 'unsubmitted' }),
    ).resolves.toEqual({
      content: 'No match.',
    });
    await expect(call(extension, 'alpha', 'read_file', { path: 'peers/agent2/draft.md' })).resolves.toEqual({
      content: 'first draft',
    });

    // Only the latest snapshot is visible; earlier ones stay in the closed snapshot storage.
    await extension.onEvent?.(
      stamp({ type: 'answer', agentId: 'beta', label: 'agent2.2', content: 'draft', round: 2 }),
    );
    await expect(
      call(extension, 'alpha', 'read_file', {
        path: path.join(scratch.path, '.massgen', 'snapshots', 'run-1', 'agent2.1', 'draft.md'),
      }),
    ).resolves.toMatchObject({
      isError: true,
    });
    await expect(call(extension, 'alpha', 'read_file', { path: 'peers/agent2/draft.md' })).resolves.toEqual({
      content: 'unsubmitted',
    });
    await expect(
      call(extension, 'alpha', 'read_file', { path: path.join(scratch.path, 'team.yaml') }),
    ).resolves.toMatchObject({ isError: true });
    await extension.close();
  });

  it('runs commands in the agent workspace', async () => {
    const extension = await open();
    const result = await call(extension, 'alpha', 'execute_command', { command: 'pwd' });
    expect(result.content).toContain(`--- stdout ---\n${workspaceOf('alpha')}\n`);
    await extension.onEvent?.(stamp({ type: 'run-end', stopReason: 'consensus' }));
    await expect(call(extension, 'alpha', 'execute_command', { command: 'pwd' })).resolves.toMatchObject({
      isError: true,
    });
    await extension.close();
  });

  it('warns, and peers keep the previous snapshot, when a snapshot cannot be written', async () => {
    const extension = await open();
    await call(extension, 'alpha', 'write_file', { path: 'a.md', content: 'first' });
    await extension.onEvent?.(stamp({ type: 'answer', agentId: 'alpha', label: 'agent1.1', content: 'a', round: 1 }));
    // No directory can bear a name this long, so the next copy fails.
    const longLabel = `agent1.${'9'.repeat(300)}`;
    await call(extension, 'alpha', 'write_file', { path: 'a.md', content: 'second' });
    await extension.onEvent?.(stamp({ type: 'answer', agentId: 'alpha', label: longLabel, content: 'b', round: 2 }));
    expect(warnings.filter((warning) => warning.code !== 'command-execution-mode')).toEqual([
      expect.objectContaining({
        code: 'snapshot-failed',
        agentId: 'alpha',
        message: expect.stringContaining(longLabel),
      }),
    ]);
    await expect(call(extension, 'beta', 'read_file', { path: 'peers/agent1/a.md' })).resolves.toEqual({
      content: 'first',
    });
    await extension.close();
  });

  it.skipIf(!sandboxAvailability().available)(
    'runs commands in the OS sandbox by default, with the access the file tools have, and says so',
    async () => {
      const extension = await open();
      expect(warnings).toContainEqual(
        expect.objectContaining({
          code: 'command-execution-mode',
          agentId: 'alpha',
          message: expect.stringMatching(/^agent alpha: commands run in the OS sandbox, the default .*network: none$/),
        }),
      );
      writeFileSync(path.join(workspaceOf('beta'), 'draft.md'), 'beta draft');
      // Each attempt that the sandbox refuses prints its marker.
      const refusals = {
        'refused-read-only': `echo x > ${scratch.path}/shared/brief.md`,
        'refused-not-presenting': `echo x > ${out('new.md')}`,
        'refused-configuration': `cat ${scratch.path}/team.yaml`,
        'refused-peer-workspace': `cat ${workspaceOf('beta')}/draft.md`,
      };
      const attempts = [
        'echo ok > mine.txt && cat mine.txt',
        `cat ${scratch.path}/shared/brief.md`,
        ...Object.entries(refusals).map(([marker, attempt]) => `${attempt} || echo ${marker}`),
      ];
      const coordination = await call(extension, 'alpha', 'execute_command', { command: attempts.join('; ') });
      expect(coordination.content).toContain('ok\nBuild a landing page.');
      for (const marker of Object.keys(refusals)) expect(coordination.content).toContain(marker);
      expect(coordination.content).not.toContain('beta draft');

      await extension.onEvent?.(
        stamp({
          type: 'consensus',
          winnerAgentId: 'alpha',
          winnerLabel: 'agent1.1',
          tally: [],
          stopReason: 'consensus',
        }),
      );
      const presenting = await call(extension, 'alpha', 'execute_command', {
        command: `echo final > ${out('new.md')} && echo wrote-context; echo x > ${out('keep', 'LICENSE')} || echo refused-protected`,
      });
      expect(presenting.content).toContain('wrote-context');
      expect(presenting.content).toContain('refused-protected');
      expect(readFileSync(out('new.md'), 'utf8')).toBe('final\n');
      expect(readFileSync(out('keep', 'LICENSE'), 'utf8')).toBe('keep');
      await extension.close();
    },
  );
});
