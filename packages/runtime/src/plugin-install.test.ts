import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { detectPackageManager, pluginInstallCommand, pluginInstallTarget } from './plugin-install.js';

const scratch = useTemporaryDirectory('install-target');

function write(relative: string, text = '{}\n'): string {
  const file = path.join(scratch.path, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return path.dirname(file);
}

const noAgent = { npm_config_user_agent: undefined };

describe('detectPackageManager', () => {
  it.each([
    ['pnpm-lock.yaml', 'pnpm'],
    ['package-lock.json', 'npm'],
    ['yarn.lock', 'yarn'],
    ['bun.lock', 'bun'],
    ['bun.lockb', 'bun'],
  ])('reads %s as %s', (lockfile, manager) => {
    const project = write('app/package.json');
    write(`app/${lockfile}`, '');
    expect(detectPackageManager(project, noAgent)).toBe(manager);
  });

  it('finds the lockfile of an enclosing workspace, then the packageManager field, then the one that started massgen', () => {
    const member = write('repo/packages/app/package.json');
    write('repo/pnpm-lock.yaml', '');
    expect(detectPackageManager(member, noAgent)).toBe('pnpm');
    const declared = write('declared/package.json', '{ "packageManager": "yarn@4.5.0" }\n');
    expect(detectPackageManager(declared, noAgent)).toBe('yarn');
    const bare = write('bare/package.json');
    expect(detectPackageManager(bare, { npm_config_user_agent: 'bun/1.2.0 npm/? node/v20' })).toBe('bun');
    expect(detectPackageManager(bare, noAgent)).toBe('npm');
  });
});

describe('pluginInstallTarget', () => {
  it("installs into the user's project when the working directory is inside one", () => {
    const project = write('project/package.json');
    write('project/yarn.lock', '');
    const cwd = path.join(project, 'src');
    mkdirSync(cwd);
    const target = pluginInstallTarget({ cwd, appDirectory: path.join(scratch.path, 'elsewhere'), env: noAgent });
    expect(target).toEqual({ directory: project, packageManager: 'yarn', besideApp: false });
    expect(pluginInstallCommand(target, ['@massgen/backend-local@0.1.0']).text).toBe(
      'yarn add @massgen/backend-local@0.1.0',
    );
  });

  it('installs beside massgen when there is no project, into the project massgen is installed in', () => {
    const tool = write('npx-cache/package.json');
    write('npx-cache/package-lock.json');
    const app = write('npx-cache/node_modules/massgen/package.json');
    const cwd = write('empty/.keep', '');
    const target = pluginInstallTarget({ cwd, appDirectory: app, env: noAgent });
    expect(target).toEqual({ directory: tool, packageManager: 'npm', besideApp: true });
  });

  it("installs into npm's global prefix beside a massgen installed with npm --global", () => {
    const app = write('prefix/lib/node_modules/massgen/package.json');
    const cwd = write('empty/.keep', '');
    const target = pluginInstallTarget({ cwd, appDirectory: app, env: noAgent });
    expect(target.globalPrefix).toBe(path.join(scratch.path, 'prefix'));
    expect(pluginInstallCommand(target, ['@massgen/backend-local@0.1.0']).args).toEqual([
      'install',
      '--global',
      '--prefix',
      path.join(scratch.path, 'prefix'),
      '@massgen/backend-local@0.1.0',
    ]);
  });

  it('goes beside massgen when asked to, even inside a project', () => {
    const project = write('project/package.json');
    const app = write('prefix/lib/node_modules/massgen/package.json');
    expect(pluginInstallTarget({ cwd: project, appDirectory: app, besideApp: true, env: noAgent }).besideApp).toBe(
      true,
    );
  });

  it("adds to a pnpm workspace's root package explicitly, and quotes words a shell would split", () => {
    const workspace = write('monorepo/package.json');
    write('monorepo/pnpm-workspace.yaml', 'packages: []\n');
    write('monorepo/pnpm-lock.yaml', '');
    const target = pluginInstallTarget({ cwd: workspace, env: noAgent });
    expect(pluginInstallCommand(target, ['/tmp/my plugins/x.tgz']).text).toBe(
      "pnpm add --workspace-root '/tmp/my plugins/x.tgz'",
    );
  });
});
