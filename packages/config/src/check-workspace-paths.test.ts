import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWorkspacePaths, unsafeWorkspaceReason } from './check-workspace-paths.js';

/** A home that does not exist on the test machine, so the cases do not depend on who runs them. */
const home = '/home/massgen-test-user';

describe('unsafeWorkspaceReason', { skip: process.platform === 'win32' }, () => {
  it.each([
    ['/', 'the root of the file system'],
    [home, 'your home directory'],
    ['/home', 'a directory that holds your home directory'],
    ['/etc', 'a system directory'],
    ['/usr/local/bin', 'a system directory'],
    ['/tmp', 'a system directory shared by everyone'],
  ])('refuses %s as %s', (directory, reason) => {
    expect(unsafeWorkspaceReason(directory, home)).toBe(reason);
  });

  it('accepts a directory of its own, in a project or under a shared root', () => {
    expect(unsafeWorkspaceReason(path.join(home, 'project', 'workspace'), home)).toBeUndefined();
    expect(unsafeWorkspaceReason('/tmp/massgen-run/agent1', home)).toBeUndefined();
    expect(unsafeWorkspaceReason('/srv/builds/agent1', home)).toBeUndefined();
    expect(unsafeWorkspaceReason(path.join(os.homedir(), 'some-project'))).toBeUndefined();
  });
});

describe('checkWorkspacePaths', { skip: process.platform === 'win32' }, () => {
  it('refuses a cwd of /, ~ or a system directory, and roots MassGen writes under that are', () => {
    const issues = checkWorkspacePaths(
      {
        agents: [
          { id: 'a', backend: { type: 'claude_code', cwd: '/' } },
          { id: 'b', backend: { type: 'claude_code', cwd: '~' } },
          { id: 'c', cwd: '/etc', backend: { type: 'claude_code' } },
          { id: 'd', backend: { type: 'claude_code', cwd: 'workspace/d' } },
        ],
        orchestrator: { snapshot_storage: '../../../../../../../../../..' },
      },
      '/srv/project',
    );
    expect(issues.map((issue) => [issue.segments.join('.'), issue.message])).toEqual([
      [
        'orchestrator.snapshot_storage',
        '"../../../../../../../../../.." is the root of the file system; MassGen creates and writes directories under it, so expected a directory of its own, such as ".massgen/snapshots"',
      ],
      [
        'agents.0.backend.cwd',
        '"/" is the root of the file system; an agent writes anywhere in its workspace and MassGen copies it after each answer, so expected a directory of its own, such as "workspaces/agent1"',
      ],
      ['agents.1.backend.cwd', expect.stringMatching(/^"~" is your home directory; /)],
      ['agents.2.cwd', expect.stringMatching(/^"\/etc" is a system directory; /)],
    ]);
  });
});
