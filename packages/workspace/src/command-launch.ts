import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dockerRunArguments, spawnContained } from '@massgen/process-containment';
import type { ContainedProcess, DockerRunOptions, SandboxPolicy } from '@massgen/process-containment';

/**
 * How one command is started:
 * - `local`: `sh -c` as the user, contained (its processes end with it) but not confined;
 * - `sandbox`: the same, inside the OS sandbox `policy` describes;
 * - `docker`: `sh -c` in a new container, removed when the command ends.
 */
export type CommandLaunch =
  | { kind: 'local' }
  | { kind: 'sandbox'; policy: SandboxPolicy; env?: Record<string, string> }
  | { kind: 'docker'; run: Omit<DockerRunOptions, 'name' | 'env'> };

/** Variables the Docker client needs to find its engine; they stay out of the container. */
const dockerClientVariables = [
  'DOCKER_HOST',
  'DOCKER_CONTEXT',
  'DOCKER_CONFIG',
  'DOCKER_CERT_PATH',
  'DOCKER_TLS_VERIFY',
];
/** Variables that describe the host, not the container, whose image sets its own. */
const hostOnlyVariables = new Set(['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TMPDIR']);

export interface LaunchedCommand {
  contained: ContainedProcess;
  /** Ends the command and everything it started, the container included. */
  stop(): void;
}

export function launchCommand(
  launch: CommandLaunch,
  command: string,
  options: { cwd: string; env: Record<string, string> },
): LaunchedCommand {
  const stdio = ['ignore', 'pipe', 'pipe'] as const;
  if (launch.kind !== 'docker') {
    const contained = spawnContained('/bin/sh', ['-c', command], {
      cwd: options.cwd,
      env: { ...options.env, ...(launch.kind === 'sandbox' ? launch.env : {}) },
      stdio: [...stdio],
      ...(launch.kind === 'sandbox' ? { sandbox: launch.policy } : {}),
    });
    return { contained, stop: () => contained.kill() };
  }
  const name = `massgen-command-${randomBytes(6).toString('hex')}`;
  const containerEnv = Object.fromEntries(Object.entries(options.env).filter(([key]) => !hostOnlyVariables.has(key)));
  const clientEnv = Object.fromEntries(
    dockerClientVariables.flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]]])),
  );
  const contained = spawnContained(
    'docker',
    dockerRunArguments({ ...launch.run, name, env: containerEnv }, ['/bin/sh', '-c', command]),
    { cwd: options.cwd, env: { ...options.env, ...clientEnv }, stdio: [...stdio], mode: 'process-group' },
  );
  return {
    contained,
    stop() {
      // Killing the client leaves the container running; the engine must be told.
      execFile('docker', ['kill', name], () => undefined);
      contained.kill();
    },
  };
}
