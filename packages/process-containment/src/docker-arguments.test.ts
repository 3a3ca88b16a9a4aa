import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dockerRunArguments } from './docker-arguments.js';
import { dockerEngineStatus } from './docker-engine.js';

let root: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-docker-')));
  mkdirSync(path.join(root, 'project', 'private'), { recursive: true });
  mkdirSync(path.join(root, 'work,space'));
  writeFileSync(path.join(root, 'project', '.env'), 'OPENAI_API_KEY=sk-x');
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('dockerRunArguments', () => {
  it('runs one command in a removed container with only the given paths, limits and no privileges', () => {
    const workspace = path.join(root, 'work,space');
    const project = path.join(root, 'project');
    const args = dockerRunArguments(
      {
        name: 'massgen-coder-1',
        image: 'python:3.12-slim',
        paths: [
          { path: workspace, access: 'write' },
          { path: project, access: 'read' },
          { path: path.join(project, 'private'), access: 'hidden' },
          { path: path.join(project, '.env'), access: 'hidden' },
          { path: path.join(root, 'elsewhere'), access: 'hidden' },
        ],
        workingDirectory: workspace,
        networkMode: 'none',
        memoryLimit: '2g',
        cpuLimit: 1.5,
        env: { PATH: '/usr/bin', HOME: '/home/ada' },
        user: '1000:1000',
      },
      ['/bin/sh', '-c', 'pytest -q'],
    );
    expect(args).toEqual([
      'run',
      '--rm',
      '--init',
      '--name',
      'massgen-coder-1',
      '--network',
      'none',
      '--cap-drop',
      'ALL',
      '--security-opt',
      'no-new-privileges',
      '--memory',
      '2g',
      '--cpus',
      '1.5',
      '--user',
      '1000:1000',
      '--mount',
      // A comma in a path is quoted, CSV-style, so it cannot start a field of its own.
      `type=bind,"source=${workspace}","target=${workspace}"`,
      '--mount',
      `type=bind,source=${project},target=${project},readonly=true`,
      '--mount',
      `type=tmpfs,target=${project}/private,tmpfs-mode=0111`,
      '--mount',
      `type=bind,source=/dev/null,target=${project}/.env,readonly=true`,
      '--env',
      'PATH',
      '--env',
      'HOME',
      '--workdir',
      workspace,
      'python:3.12-slim',
      '/bin/sh',
      '-c',
      'pytest -q',
    ]);
  });

  it('keeps the capabilities sudo needs when asked', () => {
    const args = dockerRunArguments(
      { name: 'n', image: 'i', paths: [], workingDirectory: '/w', networkMode: 'bridge', env: {}, enableSudo: true },
      ['true'],
    );
    expect(args).not.toContain('--cap-drop');
    expect(args.slice(0, 7)).toEqual(['run', '--rm', '--init', '--name', 'n', '--network', 'bridge']);
  });
});

describe('dockerEngineStatus', () => {
  it('says why no engine answers (this machine has a client and no engine, or no client)', async () => {
    const status = await dockerEngineStatus();
    if (status.reachable) {
      console.warn('a Docker engine answers here; the unreachable case is not exercised');
      return;
    }
    expect(status.reason).toMatch(/docker|Docker/);
  });
});
