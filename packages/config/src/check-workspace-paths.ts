import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PathIssue } from './findings.js';
import { isMapping } from './is-mapping.js';
import type { KeySegment } from './key-path.js';

/** Directories that hold the system: neither they nor anything inside them is a workspace. */
const systemTrees = [
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/proc',
  '/run',
  '/sbin',
  '/sys',
  '/usr',
  '/System',
  '/Library',
  '/private/etc',
];

/** Directories that hold everyone's files: one inside them is fine, they themselves are not. */
const sharedRoots = [
  '/home',
  '/Users',
  '/tmp',
  '/var',
  '/opt',
  '/srv',
  '/mnt',
  '/media',
  '/Volumes',
  '/private',
  '/private/tmp',
  '/private/var',
  '/root',
];

const windowsSystemTrees = ['windows', 'program files', 'program files (x86)', 'programdata'];

/**
 * Why a directory must not be a workspace, or undefined when it may. An agent writes anywhere in
 * its workspace and MassGen snapshots it after each answer, so the root, the home directory (or a
 * directory above it) and system directories are refused rather than handed to a model.
 */
export function unsafeWorkspaceReason(directory: string, home: string = os.homedir()): string | undefined {
  const resolved = realLocation(directory);
  if (path.parse(resolved).root === resolved) return 'the root of the file system';
  const realHome = realLocation(home);
  if (resolved === realHome) return 'your home directory';
  if (isInside(realHome, resolved)) return 'a directory that holds your home directory';
  if (process.platform === 'win32') {
    const [, first] = resolved.split(path.sep);
    return first !== undefined && windowsSystemTrees.includes(first.toLowerCase()) ? 'a system directory' : undefined;
  }
  if (systemTrees.some((tree) => resolved === tree || isInside(resolved, tree))) return 'a system directory';
  if (sharedRoots.includes(resolved)) return 'a system directory shared by everyone';
  return undefined;
}

/**
 * Agent workspaces (`backend.cwd`, or `cwd` beside `backend`) and the roots MassGen writes under
 * (`agent_temporary_workspace`, `snapshot_storage`) that are the root, the home directory or a
 * system directory. A relative `cwd` lives under `agent_temporary_workspace`, so only an absolute
 * one or one written from `~` is checked.
 */
export function checkWorkspacePaths(root: Record<string, unknown>, baseDir: string): PathIssue[] {
  const issues: PathIssue[] = [];
  const check = (
    value: unknown,
    segments: KeySegment[],
    why: { what: string; example: string },
    relativeTo: string | undefined,
  ): void => {
    if (typeof value !== 'string' || value.trim() === '') return;
    const written = value.trim();
    const absolute = expandHome(written);
    if (absolute === undefined && relativeTo === undefined) return;
    const directory = absolute ?? path.resolve(relativeTo ?? baseDir, written);
    const reason = unsafeWorkspaceReason(directory);
    if (reason === undefined) return;
    issues.push({
      segments,
      message: `${JSON.stringify(written)} is ${reason}; ${why.what}, so expected a directory of its own, such as "${why.example}"`,
    });
  };

  const orchestrator = isMapping(root['orchestrator']) ? root['orchestrator'] : {};
  const rootWhat = 'MassGen creates and writes directories under it';
  check(
    orchestrator['agent_temporary_workspace'],
    ['orchestrator', 'agent_temporary_workspace'],
    { what: rootWhat, example: '.massgen/workspaces' },
    baseDir,
  );
  check(
    orchestrator['snapshot_storage'],
    ['orchestrator', 'snapshot_storage'],
    { what: rootWhat, example: '.massgen/snapshots' },
    baseDir,
  );

  const workspace = {
    what: 'an agent writes anywhere in its workspace and MassGen copies it after each answer',
    example: 'workspaces/agent1',
  };
  const agents: Array<[unknown, KeySegment[]]> = isMapping(root['agent'])
    ? [[root['agent'], ['agent']]]
    : Array.isArray(root['agents'])
      ? root['agents'].map((agent, index): [unknown, KeySegment[]] => [agent, ['agents', index]])
      : [];
  for (const [agent, segments] of agents) {
    if (!isMapping(agent)) continue;
    const backend = isMapping(agent['backend']) ? agent['backend'] : {};
    check(backend['cwd'], [...segments, 'backend', 'cwd'], workspace, undefined);
    check(agent['cwd'], [...segments, 'cwd'], workspace, undefined);
  }
  return issues;
}

/** `~` and `~/x` as the home directory, an absolute path as it is, anything else undefined. */
function expandHome(written: string): string | undefined {
  if (written === '~' || written.startsWith('~/')) return path.join(os.homedir(), written.slice(1));
  return path.isAbsolute(written) ? path.resolve(written) : undefined;
}

/** The real location of a directory that exists (through symbolic links), else its resolved path. */
function realLocation(directory: string): string {
  try {
    return realpathSync.native(directory);
  } catch {
    return path.resolve(directory);
  }
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
