import { statSync } from 'node:fs';
import path from 'node:path';
import { within } from './path-within.js';
import type { SandboxPath } from './sandbox-policy.js';

/** Upstream MassGen's command image. */
export const defaultDockerImage = 'ghcr.io/massgen/mcp-runtime:latest';

export interface DockerRunOptions {
  /** The container's name, so that it can be killed by name when the command must stop. */
  name: string;
  image: string;
  /** Mounted at the same place in the container; hidden paths inside mounted ones are covered. */
  paths: readonly SandboxPath[];
  workingDirectory: string;
  networkMode: 'none' | 'bridge' | 'host';
  /** Docker's `--memory` (`512m`, `2g`). */
  memoryLimit?: string;
  /** Docker's `--cpus`. */
  cpuLimit?: number;
  env: Readonly<Record<string, string>>;
  /** `uid:gid` the command runs as, so files it writes belong to the user. */
  user?: string;
  /** Upstream's `command_line_docker_enable_sudo`: keep the capabilities `sudo` in the image needs. */
  enableSudo?: boolean;
}

/**
 * `docker run` arguments for one command in a fresh container that is removed when it ends
 * (`--rm`), with an init process that reaps and forwards signals, no privilege escalation, and
 * only the given paths of the host. Environment values are passed by name (`--env NAME`), so
 * they never appear on a command line; the caller gives them to the client's environment.
 */
export function dockerRunArguments(options: DockerRunOptions, command: readonly string[]): string[] {
  const args = ['run', '--rm', '--init', '--name', options.name, '--network', options.networkMode];
  if (!options.enableSudo) args.push('--cap-drop', 'ALL', '--security-opt', 'no-new-privileges');
  if (options.memoryLimit !== undefined) args.push('--memory', options.memoryLimit);
  if (options.cpuLimit !== undefined) args.push('--cpus', String(options.cpuLimit));
  if (options.user !== undefined) args.push('--user', options.user);
  const mounted = options.paths.filter((entry) => entry.access !== 'hidden').map((entry) => path.resolve(entry.path));
  for (const entry of options.paths) {
    const target = path.resolve(entry.path);
    if (entry.access === 'hidden') {
      if (!within(target, mounted)) continue;
      const cover: Record<string, string> = isFile(target)
        ? { type: 'bind', source: '/dev/null', target, readonly: 'true' }
        : { type: 'tmpfs', target, 'tmpfs-mode': '0111' };
      args.push('--mount', mountValue(cover));
      continue;
    }
    const bind: Record<string, string> = { type: 'bind', source: target, target };
    if (entry.access === 'read') bind['readonly'] = 'true';
    args.push('--mount', mountValue(bind));
  }
  for (const name of Object.keys(options.env)) args.push('--env', name);
  args.push('--workdir', options.workingDirectory, options.image, ...command);
  return args;
}

/** A `--mount` value: comma-separated `key=value` fields, each quoted CSV-style when it needs to be. */
function mountValue(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => {
      const field = `${key}=${value}`;
      return /[",\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
    })
    .join(',');
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
