import { describe, expect, it } from 'vitest';
import { bubblewrapArguments } from './bubblewrap-arguments.js';
import type { PathKind, SandboxHost } from './sandbox-host.js';
import type { SandboxPolicy } from './sandbox-policy.js';

/** A machine described by a table of paths, so the arguments can be read without running them. */
function fakeHost(entries: Record<string, PathKind>, overrides: Partial<SandboxHost> = {}): SandboxHost {
  return {
    homeDirectory: '/home/ada',
    pathEntries: ['/usr/local/bin', '/usr/bin', '/home/ada/.local/bin', '/'],
    privileged: false,
    systemSecrets: ['/etc/shadow', '/etc/ssh/ssh_host_ed25519_key'],
    inspect: (file) => entries[file] ?? { kind: 'missing' },
    ...overrides,
  };
}

const machine: Record<string, PathKind> = {
  '/usr': { kind: 'directory' },
  '/bin': { kind: 'link', target: 'usr/bin' },
  '/lib': { kind: 'link', target: 'usr/lib' },
  '/etc': { kind: 'directory' },
  '/etc/shadow': { kind: 'file' },
  '/etc/resolv.conf': { kind: 'link', target: '../run/systemd/resolve/stub-resolv.conf' },
  '/home/ada/.local/bin': { kind: 'directory' },
  '/srv/project': { kind: 'directory' },
  '/srv/project/.env': { kind: 'file' },
  '/srv/project/.massgen/workspaces': { kind: 'directory' },
};

const policy = (overrides: Partial<SandboxPolicy> = {}): SandboxPolicy => ({
  workingDirectory: '/srv/project/.massgen/workspaces/run/coder',
  paths: [
    { path: '/srv/project/.massgen/workspaces/run/coder', access: 'write' },
    { path: '/srv/project', access: 'read' },
    { path: '/srv/project/.massgen/workspaces', access: 'hidden' },
    { path: '/srv/project/.env', access: 'hidden' },
    { path: '/srv/project/docs', access: 'write' },
  ],
  network: { kind: 'none' },
  ...overrides,
});

/** The argument list as `--option operand...` groups, for readable expectations. */
function groups(args: readonly string[]): string[] {
  const operands: Record<string, number> = {
    '--ro-bind': 2,
    '--ro-bind-try': 2,
    '--bind-try': 2,
    '--symlink': 2,
    '--tmpfs': 1,
    '--dev': 1,
    '--proc': 1,
    '--perms': 1,
    '--chdir': 1,
    '--cap-drop': 1,
  };
  const result: string[] = [];
  for (let index = 0; index < args.length;) {
    const count = operands[args[index] ?? ''] ?? 0;
    result.push(args.slice(index, index + count + 1).join(' '));
    index += count + 1;
  }
  return result;
}

describe('bubblewrapArguments', () => {
  it('starts from an empty root with the system read-only, and mounts outer paths before inner ones', () => {
    expect(groups(bubblewrapArguments(policy(), fakeHost(machine)))).toEqual([
      '--unshare-all',
      '--die-with-parent',
      '--new-session',
      '--ro-bind /usr /usr',
      '--symlink usr/bin /bin',
      '--symlink usr/lib /lib',
      '--ro-bind /etc /etc',
      '--dev /dev',
      '--proc /proc',
      '--tmpfs /tmp',
      '--tmpfs /var/tmp',
      // The home directory is empty; a PATH entry in it comes back read-only, `/` does not.
      '--tmpfs /home/ada',
      '--ro-bind-try /srv/project /srv/project',
      '--bind-try /srv/project/docs /srv/project/docs',
      '--ro-bind /dev/null /srv/project/.env',
      '--ro-bind-try /home/ada/.local/bin /home/ada/.local/bin',
      '--perms 0111',
      '--tmpfs /srv/project/.massgen/workspaces',
      '--bind-try /srv/project/.massgen/workspaces/run/coder /srv/project/.massgen/workspaces/run/coder',
      '--ro-bind /dev/null /etc/shadow',
      '--chdir /srv/project/.massgen/workspaces/run/coder',
    ]);
  });

  it('hides only what would be seen, and a hidden path beats an allowed one at the same place', () => {
    const args = groups(
      bubblewrapArguments(
        policy({
          paths: [
            { path: '/srv/project', access: 'read' },
            { path: '/srv/project', access: 'hidden' },
            // Not under anything mounted: nothing to hide, no mount point made for it.
            { path: '/var/lib/secret', access: 'hidden' },
          ],
        }),
        fakeHost(machine),
      ),
    );
    expect(args).toContain('--ro-bind-try /srv/project /srv/project');
    expect(args.indexOf('--tmpfs /srv/project')).toBeGreaterThan(
      args.indexOf('--ro-bind-try /srv/project /srv/project'),
    );
    expect(args.join('\n')).not.toContain('/var/lib/secret');
  });

  it('shares the network only when asked, with what the resolver link points at', () => {
    const none = bubblewrapArguments(policy(), fakeHost(machine));
    expect(none).not.toContain('--share-net');
    const host = groups(bubblewrapArguments(policy({ network: { kind: 'host' } }), fakeHost(machine)));
    expect(host).toContain('--share-net');
    expect(host).toContain('--ro-bind-try /run/systemd/resolve/stub-resolv.conf /run/systemd/resolve/stub-resolv.conf');
  });

  it('drops every capability when MassGen runs as root', () => {
    expect(groups(bubblewrapArguments(policy(), fakeHost(machine, { privileged: true })))).toContain('--cap-drop ALL');
  });
});
