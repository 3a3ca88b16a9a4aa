import { execFile } from 'node:child_process';
import { recentAnswer } from './recent-answer.js';

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

/**
 * The engine's status as asked in the last ten seconds, or asked now. Checking many
 * configurations, or a team with many agents in docker mode, costs one `docker version` (about a
 * quarter of a second each when no engine answers) instead of one per agent; the answer is keyed on
 * what chooses the engine, `DOCKER_HOST` and `DOCKER_CONTEXT`.
 */
export const recentDockerEngineStatus: () => Promise<DockerEngineStatus> = recentAnswer(
  () => dockerEngineStatus(),
  () => `${process.env['DOCKER_HOST'] ?? ''}\n${process.env['DOCKER_CONTEXT'] ?? ''}`,
  { lifetimeMs: 10_000 },
);
