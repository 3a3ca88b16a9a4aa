// The workspace's packages as a user gets them: packed with `pnpm pack` (build output, with
// `publishConfig` applied) and installed from the tarballs into an empty project. Shared by the
// install-size benchmark and the packed-install tests. Third-party dependencies come from the
// npm registry (or the package manager's cache); @massgen packages only ever from the tarballs.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The environment of a child process: no npm_* or pnpm settings inherited from a `pnpm test` run. */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(npm_|pnpm_)/i.test(name)) env[name] = value;
  }
  return { ...env, ...extra };
}

/**
 * Packs every package under `packages/`, the CLI and the third-party backend fixture into
 * `destination`. Returns the tarball of each package, by package name. Needs `pnpm build` first.
 * @returns {Record<string, string>}
 */
export function packWorkspace(destination) {
  mkdirSync(destination, { recursive: true });
  execFileSync(
    'pnpm',
    [
      '-r',
      '--filter',
      './packages/*',
      '--filter',
      './apps/cli',
      '--filter',
      './tools/massgen-backend-fixture',
      'pack',
      '--pack-destination',
      destination,
    ],
    { cwd: repositoryRoot, env: cleanEnv(), stdio: 'ignore' },
  );
  /** @type {Record<string, string>} */
  const tarballs = {};
  for (const file of readdirSync(destination).filter((name) => name.endsWith('.tgz'))) {
    const tarball = path.join(destination, file);
    tarballs[manifestOfTarball(tarball).name] = tarball;
  }
  return tarballs;
}

/** The package.json inside a packed tarball. */
export function manifestOfTarball(tarball) {
  return JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

/** The repository's pnpm install settings (allowed builds, skipped GPU binaries), without its package list. */
function pnpmInstallSettings() {
  const kept = [];
  let inPackages = false;
  for (const line of readFileSync(path.join(repositoryRoot, 'pnpm-workspace.yaml'), 'utf8').split('\n')) {
    if (/^\S/.test(line)) inPackages = line.startsWith('packages:');
    if (!inPackages) kept.push(line);
  }
  return kept.join('\n');
}

/**
 * Writes an empty project that depends on `names` (package names among `tarballs`). Every
 * @massgen package, wherever it appears in the tree, is overridden to come from its tarball:
 * none is published, and a registry lookup must never stand in for the code under test.
 */
export function writeTarballProject(project, { tarballs, names, packageManager = 'npm' }) {
  mkdirSync(project, { recursive: true });
  const spec = (name) => `file:${tarballs[name]}`;
  const overrides = Object.fromEntries(
    Object.keys(tarballs)
      .filter((name) => name.startsWith('@massgen/'))
      .map((name) => [name, spec(name)]),
  );
  const manifest = {
    name: 'massgen-install-check',
    private: true,
    type: 'module',
    dependencies: Object.fromEntries(names.map((name) => [name, spec(name)])),
    ...(packageManager === 'npm' ? { overrides } : {}),
  };
  writeFileSync(path.join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (packageManager === 'pnpm') {
    const lines = Object.entries(overrides).map(
      ([name, value]) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)}`,
    );
    writeFileSync(
      path.join(project, 'pnpm-workspace.yaml'),
      `${pnpmInstallSettings()}\noverrides:\n${lines.join('\n')}\n`,
    );
  }
}

/**
 * Installs a project written by `writeTarballProject`. npm runs with `--ignore-scripts`, so
 * the measured tree is what the package manager unpacks, whatever the machine may build.
 * `optional: false` skips optional dependencies (Claude Code's 400 MB CLI) where a test needs none.
 */
export function installProject(project, packageManager = 'npm', { optional = true } = {}) {
  const skipOptional = optional ? [] : packageManager === 'npm' ? ['--omit=optional'] : ['--no-optional'];
  const [command, args] =
    packageManager === 'npm'
      ? ['npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', '--loglevel=error']]
      : ['pnpm', ['install', '--prefer-offline', '--config.confirmModulesPurge=false']];
  args.push(...skipOptional);
  execFileSync(command, args, { cwd: project, env: cleanEnv({ CI: 'true' }), stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * Size of everything under `directory`: `diskBytes` as `du` counts it (allocated blocks, each
 * hard-linked file once) and `apparentBytes` as npm counts unpacked size (the files' lengths).
 */
export function installedSize(directory) {
  const seen = new Set();
  let diskBytes = 0;
  let apparentBytes = 0;
  const visit = (current) => {
    const stats = lstatSync(current);
    const identity = `${stats.dev}:${stats.ino}`;
    if (seen.has(identity)) return;
    seen.add(identity);
    diskBytes += stats.blocks * 512;
    if (stats.isDirectory()) {
      for (const entry of readdirSync(current)) visit(path.join(current, entry));
    } else {
      apparentBytes += stats.size;
    }
  };
  visit(directory);
  return { diskBytes, apparentBytes };
}
