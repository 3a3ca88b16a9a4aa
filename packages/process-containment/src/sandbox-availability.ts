import { spawnSync } from 'node:child_process';
import { bubblewrapArguments } from './bubblewrap-arguments.js';
import { currentSandboxHost } from './sandbox-host.js';

/** Whether this machine can run the OS sandbox, and if not, why and what to do. */
export type SandboxAvailability = { available: true } | { available: false; reason: string; remedy: string };

/** How to install bubblewrap on the common distributions. */
export const bubblewrapInstallHint =
  'install bubblewrap: `sudo apt-get install bubblewrap` (Debian, Ubuntu), `sudo dnf install bubblewrap` (Fedora), `sudo pacman -S bubblewrap` (Arch)';

let detected: SandboxAvailability | undefined;

/**
 * Found once per process, by running `true` in the strictest sandbox (no network, an empty
 * root): bubblewrap may be missing, or installed but refused the namespaces it needs.
 */
export function sandboxAvailability(): SandboxAvailability {
  detected ??= probeSandbox();
  return detected;
}

function probeSandbox(): SandboxAvailability {
  if (process.platform !== 'linux') {
    return {
      available: false,
      reason: `the OS sandbox needs Linux with bubblewrap, and this is ${process.platform}`,
      remedy:
        'use command_line_execution_mode: docker with a running Docker engine, or local to run commands unconfined',
    };
  }
  const args = bubblewrapArguments(
    { workingDirectory: '/', paths: [], network: { kind: 'none' } },
    currentSandboxHost(),
  );
  const probe = spawnSync('bwrap', [...args, '--', 'true'], { encoding: 'utf8', timeout: 10_000 });
  const failure: NodeJS.ErrnoException | undefined = probe.error;
  const missing = failure?.code === 'ENOENT';
  if (missing)
    return { available: false, reason: 'bubblewrap (bwrap) is not installed', remedy: bubblewrapInstallHint };
  if (probe.error === undefined && probe.status === 0) return { available: true };
  const said = (probe.stderr ?? '').trim() || probe.error?.message || `exit code ${String(probe.status)}`;
  return {
    available: false,
    reason: `bubblewrap is installed but cannot create a sandbox here (${said})`,
    remedy:
      'allow unprivileged user namespaces (`sudo sysctl -w kernel.unprivileged_userns_clone=1`; on Ubuntu 24.04 and later also `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`), or inside a container give it the privileges it needs',
  };
}
