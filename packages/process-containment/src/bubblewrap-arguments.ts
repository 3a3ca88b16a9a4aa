import path from 'node:path';
import { within } from './path-within.js';
import { currentSandboxHost, systemDirectories } from './sandbox-host.js';
import type { SandboxHost } from './sandbox-host.js';
import type { SandboxPolicy } from './sandbox-policy.js';

type Mount = { path: string; kind: 'read' | 'write' | 'hidden' | 'empty' };

/**
 * The bubblewrap arguments (before `--`) that confine a process to `policy`. The sandbox starts
 * from an empty root: the system directories are mounted read-only, then every other path in
 * order of depth, so the innermost rule for a path wins (a workspace inside a read-only context
 * path stays writable; a private directory inside a readable one stays hidden). Secret files
 * of the system are masked last. All namespaces are new (user, PID, IPC, UTS, cgroup and, unless
 * the network is `host`, network); as root, every capability is dropped.
 */
export function bubblewrapArguments(policy: SandboxPolicy, host: SandboxHost = currentSandboxHost()): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session'];
  if (policy.network.kind === 'host') args.push('--share-net');
  if (host.privileged) args.push('--cap-drop', 'ALL');
  const bound: string[] = [];
  for (const directory of systemDirectories) {
    const found = host.inspect(directory);
    if (found.kind === 'link') args.push('--symlink', found.target, directory);
    if (found.kind === 'directory') {
      args.push('--ro-bind', directory, directory);
      bound.push(directory);
    }
  }
  args.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--tmpfs', '/var/tmp');

  const mounts: Mount[] = [];
  if (host.homeDirectory !== '/' && !within(host.homeDirectory, bound)) {
    mounts.push({ path: host.homeDirectory, kind: 'empty' });
  }
  for (const entry of host.pathEntries) {
    // A PATH entry that holds the home directory (or is `/`) would bring all of it back.
    if (within(entry, bound) || within(host.homeDirectory, [entry])) continue;
    if (host.inspect(entry).kind === 'directory') mounts.push({ path: entry, kind: 'read' });
  }
  if (policy.network.kind === 'host') mounts.push(...resolverMounts(host, bound));
  for (const entry of policy.paths) mounts.push({ path: path.resolve(entry.path), kind: entry.access });

  const visible = [...bound];
  for (const mount of inDepthOrder(mounts)) {
    switch (mount.kind) {
      case 'read':
        args.push('--ro-bind-try', mount.path, mount.path);
        visible.push(mount.path);
        break;
      case 'write':
        args.push('--bind-try', mount.path, mount.path);
        visible.push(mount.path);
        break;
      case 'empty':
        args.push('--tmpfs', mount.path);
        break;
      case 'hidden':
        // Only what would otherwise be seen needs covering.
        if (within(mount.path, visible)) args.push(...hide(mount.path, host));
        break;
    }
  }
  for (const secret of host.systemSecrets) {
    if (host.inspect(secret).kind === 'file') args.push('--ro-bind', '/dev/null', secret);
  }
  args.push('--chdir', policy.workingDirectory);
  return args;
}

/**
 * Covers a path: a directory with an empty one that can be passed through but neither listed
 * nor written (so an allowed directory inside it stays reachable), a file with `/dev/null`
 * on a mount without devices, which cannot be read.
 */
function hide(file: string, host: SandboxHost): string[] {
  const found = host.inspect(file);
  if (found.kind === 'directory') return ['--perms', '0111', '--tmpfs', file];
  if (found.kind === 'file') return ['--ro-bind', '/dev/null', file];
  return [];
}

/** `/etc/resolv.conf` is often a link into `/run`; the network needs what it points at. */
function resolverMounts(host: SandboxHost, bound: readonly string[]): Mount[] {
  const resolver = host.inspect('/etc/resolv.conf');
  if (resolver.kind !== 'link') return [];
  const target = path.resolve('/etc', resolver.target);
  return within(target, bound) ? [] : [{ path: target, kind: 'read' }];
}

/** Ancestors before descendants; at one path, hiding comes last so it wins. */
function inDepthOrder(mounts: readonly Mount[]): Mount[] {
  const depth = (file: string): number => file.split('/').filter(Boolean).length;
  return [...mounts].sort(
    (first, second) =>
      depth(first.path) - depth(second.path) || Number(first.kind === 'hidden') - Number(second.kind === 'hidden'),
  );
}
