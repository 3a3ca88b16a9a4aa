import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** Where a plugin is installed so that the plugin loader finds it, and with what. */
export interface PluginInstallTarget {
  /** The directory the package manager runs in. */
  directory: string;
  packageManager: PackageManager;
  /**
   * npm's global prefix when the app was installed with `npm install --global` and there is no
   * project: the plugin then goes beside the app, in the same global `node_modules`.
   */
  globalPrefix?: string;
  /** Whether the target is beside the app rather than in the user's project. */
  besideApp: boolean;
}

/** A package manager invocation, and how to show it to the user (quoted for a POSIX shell). */
export interface InstallCommand {
  command: string;
  args: string[];
  text: string;
}

export interface PluginInstallTargetOptions {
  /** The user's working directory: its project, if any, is where plugins go. */
  cwd: string;
  /** The app that loads plugins besides the project (the CLI's own package directory). */
  appDirectory?: string;
  /** Install beside the app even when the working directory is inside a project. */
  besideApp?: boolean;
  /** For `npm_config_user_agent`, which says which package manager started the app. */
  env?: Readonly<Record<string, string | undefined>>;
}

const lockfiles: ReadonlyArray<[string, PackageManager]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['yarn.lock', 'yarn'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/**
 * Where `massgen add` installs a plugin. The loader looks in the user's project first, so a
 * working directory inside a project (a `package.json` here or above) installs there. Otherwise the
 * plugin goes beside the app: into the project the app itself is installed in (`npx`'s cache and
 * pnpm's, yarn's and bun's global directories are projects too), or, for an app installed with
 * `npm install --global`, into the same global prefix.
 */
export function pluginInstallTarget(options: PluginInstallTargetOptions): PluginInstallTarget {
  const userProject = options.besideApp === true ? undefined : nearestProject(options.cwd);
  if (userProject !== undefined) {
    return { directory: userProject, packageManager: detectPackageManager(userProject, options.env), besideApp: false };
  }
  const app = options.appDirectory ?? options.cwd;
  const installRoot = outermostInstallRoot(app);
  if (installRoot === undefined) {
    const project = nearestProject(app) ?? app;
    return { directory: project, packageManager: detectPackageManager(project, options.env), besideApp: true };
  }
  if (existsSync(path.join(installRoot, 'package.json'))) {
    return { directory: installRoot, packageManager: detectPackageManager(installRoot, options.env), besideApp: true };
  }
  // npm's global layout: <prefix>/lib/node_modules on POSIX, <prefix>/node_modules on Windows.
  const globalPrefix = path.basename(installRoot) === 'lib' ? path.dirname(installRoot) : installRoot;
  return { directory: installRoot, packageManager: 'npm', globalPrefix, besideApp: true };
}

/** The package manager command that installs `specs` at `target`. */
export function pluginInstallCommand(target: PluginInstallTarget, specs: readonly string[]): InstallCommand {
  const args = ((): string[] => {
    switch (target.packageManager) {
      case 'npm':
        return target.globalPrefix === undefined
          ? ['install', ...specs]
          : ['install', '--global', '--prefix', target.globalPrefix, ...specs];
      case 'pnpm':
        // pnpm refuses to add to a workspace's root package unless told that this is meant.
        return existsSync(path.join(target.directory, 'pnpm-workspace.yaml'))
          ? ['add', '--workspace-root', ...specs]
          : ['add', ...specs];
      case 'yarn':
      case 'bun':
        return ['add', ...specs];
    }
  })();
  return {
    command: target.packageManager,
    args,
    text: [target.packageManager, ...args].map(shellQuote).join(' '),
  };
}

/**
 * The package manager a project uses: its lockfile (here or in an enclosing workspace), else its
 * `packageManager` field, else the one that started this process, else npm.
 */
export function detectPackageManager(
  projectDirectory: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): PackageManager {
  for (const directory of ancestors(projectDirectory)) {
    for (const [file, manager] of lockfiles) if (existsSync(path.join(directory, file))) return manager;
  }
  for (const directory of ancestors(projectDirectory)) {
    const declared = readManifest(directory)?.packageManager;
    const name = typeof declared === 'string' ? declared.split('@')[0] : undefined;
    if (isPackageManager(name)) return name;
  }
  const agent = env['npm_config_user_agent']?.split('/')[0];
  return isPackageManager(agent) ? agent : 'npm';
}

/** The nearest directory at or above `start` with a package.json, outside any node_modules. */
function nearestProject(start: string): string | undefined {
  for (const directory of ancestors(start)) {
    if (directory.split(path.sep).includes('node_modules')) continue;
    if (existsSync(path.join(directory, 'package.json'))) return directory;
  }
  return undefined;
}

/** The directory holding the outermost `node_modules` that `directory` lies in. */
function outermostInstallRoot(directory: string): string | undefined {
  const segments = path.resolve(directory).split(path.sep);
  const index = segments.indexOf('node_modules');
  if (index <= 0) return undefined;
  return segments.slice(0, index).join(path.sep) || path.sep;
}

function* ancestors(start: string): Generator<string> {
  let directory = path.resolve(start);
  for (;;) {
    yield directory;
    const parent = path.dirname(directory);
    if (parent === directory) return;
    directory = parent;
  }
}

function readManifest(directory: string): { packageManager?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as { packageManager?: unknown };
  } catch {
    return undefined;
  }
}

function isPackageManager(name: string | undefined): name is PackageManager {
  return name === 'npm' || name === 'pnpm' || name === 'yarn' || name === 'bun';
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
