import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { normalizeContextPaths } from './context-paths-settings.js';
import { snapshotLimitsOf } from './workspace-settings.js';
import { workspaceContext } from './workspace-test-support.js';

const directory = '/projects/demo';

describe('workspace settings', () => {
  it('reads cwd as written, inside backend or, as the seed article once writes it, beside it', () => {
    const context = workspaceContext(
      directory,
      [
        'agents:',
        '  - id: a',
        '    backend: {type: claude_code, cwd: ./my_project}',
        '  - id: b',
        '    cwd: ./other',
        '    backend: {type: claude_code}',
        '',
      ].join('\n'),
    );
    expect(context.settings.agents.map(({ agentId, settings }) => [agentId, settings.cwd])).toEqual([
      ['a', './my_project'],
      ['b', './other'],
    ]);
    expect(context.locate({ agentId: 'b', key: 'cwd' })).toEqual({ path: 'agents[1].cwd', line: 5 });
    expect(context.locate({ agentId: 'a', key: 'cwd' })).toEqual({ path: 'agents[0].backend.cwd', line: 3 });
  });

  it('resolves context paths against the configuration directory, read-only unless write is asked for', () => {
    const context = workspaceContext(
      directory,
      [
        'agent:',
        '  id: a',
        '  backend:',
        '    type: claude_code',
        '    context_paths:',
        '      - {path: ../shared_design_assets, access: read}',
        '      - {path: ./out, permission: write, protected_paths: [index.html]}',
        '      - {path: /abs/docs}',
        '      - {path: ~/notes}',
        '',
      ].join('\n'),
    );
    expect(normalizeContextPaths(context.settings.agents[0]?.settings.context_paths, context.baseDir)).toEqual([
      { path: '/projects/shared_design_assets', access: 'read', protectedPaths: [] },
      { path: '/projects/demo/out', access: 'write', protectedPaths: ['/projects/demo/out/index.html'] },
      { path: '/abs/docs', access: 'read', protectedPaths: [] },
      { path: `${os.homedir()}/notes`, access: 'read', protectedPaths: [] },
    ]);
  });

  it('reports context paths with a bad or conflicting access level at their key paths and lines', () => {
    expect(() =>
      workspaceContext(
        directory,
        [
          'agents:',
          '  - id: a',
          '    backend:',
          '      type: openai',
          '      context_paths:',
          '        - {path: ./docs, access: execute}',
          '        - {path: ./src, access: read, permission: write}',
          '',
        ].join('\n'),
      ),
    ).toThrow(
      [
        'agents[0].backend.context_paths[0].access (agent "a", line 6): expected one of "read", "write", got "execute"',
        'agents[0].backend.context_paths[1].permission (agent "a", line 7): access is "read" but permission is "write"; expected one of the two keys, or the same value in both',
      ].join('\n  - '),
    );
  });

  it('reads the snapshot limits in MiB as bytes, with the defaults for what is not written', () => {
    const limits = (orchestrator: string[]) =>
      snapshotLimitsOf(
        workspaceContext(
          directory,
          ['agent:', '  id: a', '  backend: {type: claude_code, cwd: ./w}', 'orchestrator:', ...orchestrator, ''].join(
            '\n',
          ),
        ).settings.run,
      );
    expect(limits(['  snapshot_max_file_mb: 2', '  snapshot_max_total_mb: 0.5'])).toEqual({
      maxFileBytes: 2 * 1024 * 1024,
      maxSnapshotBytes: 512 * 1024,
    });
    expect(limits(['  snapshot_max_total_mb: 100'])).toEqual({
      maxFileBytes: 50 * 1024 * 1024,
      maxSnapshotBytes: 100 * 1024 * 1024,
    });
  });
});
