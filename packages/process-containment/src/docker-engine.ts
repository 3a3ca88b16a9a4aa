import { execFile } from 'node:child_process';

/** Whether a Docker engine answers, and if not, what the client said. */
export type DockerEngineStatus = { reachable: true; version: string } | { reachable: false; reason: string };

/**
 * Asks the Docker client for the engine's version (`docker version`), within `timeoutMs`. The
 * client finds the engine as it always does (`DOCKER_HOST`, the current context, the socket).
 */
export function dockerEngineStatus(timeoutMs = 10_000): Promise<DockerEngineStatus> {
  return new Promise((resolve) => {
    execFile(
      'docker',
      ['version', '--format', '{{.Server.Version}}'],
      { timeout: timeoutMs, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ reachable: true, version: stdout.trim() });
          return;
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          resolve({ reachable: false, reason: 'the docker command is not installed' });
          return;
        }
        const said = stderr.trim().split('\n').at(-1) ?? '';
        resolve({
          reachable: false,
          reason: said === '' ? `docker version failed (${error.message})` : said.replace(/\.$/, ''),
        });
      },
    );
  });
}
