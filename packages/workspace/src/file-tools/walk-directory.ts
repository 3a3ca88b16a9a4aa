import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { PathSandbox } from '../path-sandbox.js';

export interface WalkEntry {
  realPath: string;
  /** Path relative to the walked directory. */
  relativePath: string;
  /** 1 for the directory's own entries. */
  depth: number;
  kind: 'directory' | 'file' | 'link' | 'other';
  size: number;
}

export interface WalkOptions {
  maxDepth: number;
  /** Entries looked at before the walk stops; `truncated` then reports it. */
  maxVisited: number;
  signal?: AbortSignal;
}

/**
 * Walks a directory in tree order (each directory followed by its contents, names sorted)
 * without following symbolic links, and leaves out whatever the sandbox keeps private, such as
 * another agent's workspace inside a context path.
 */
export async function* walkDirectory(
  sandbox: PathSandbox,
  directory: string,
  options: WalkOptions,
): AsyncGenerator<WalkEntry, { truncated: boolean }> {
  const state = { visited: 0, truncated: false };
  yield* walkLevel(sandbox, directory, '', 1, options, state);
  return { truncated: state.truncated };
}

async function* walkLevel(
  sandbox: PathSandbox,
  directory: string,
  relativeDirectory: string,
  depth: number,
  options: WalkOptions,
  state: { visited: number; truncated: boolean },
): AsyncGenerator<WalkEntry> {
  let names: string[];
  try {
    names = (await readdir(directory)).sort();
  } catch {
    return;
  }
  for (const name of names) {
    if (state.truncated) return;
    options.signal?.throwIfAborted();
    state.visited += 1;
    if (state.visited > options.maxVisited) {
      state.truncated = true;
      return;
    }
    const realPath = path.join(directory, name);
    if (sandbox.accessAt(realPath) === 'none') continue;
    const stats = await lstat(realPath).catch(() => undefined);
    if (stats === undefined) continue;
    const relativePath = relativeDirectory === '' ? name : path.join(relativeDirectory, name);
    const kind = stats.isDirectory()
      ? 'directory'
      : stats.isFile()
        ? 'file'
        : stats.isSymbolicLink()
          ? 'link'
          : 'other';
    yield { realPath, relativePath, depth, kind, size: stats.size };
    if (kind === 'directory' && depth < options.maxDepth)
      yield* walkLevel(sandbox, realPath, relativePath, depth + 1, options, state);
  }
}
