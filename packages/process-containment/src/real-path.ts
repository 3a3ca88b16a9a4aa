import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The real path of `file` (links followed), so that a link cannot stand for a place it leads
 * out of; a path that does not exist yet is only made absolute.
 */
export function realPathOrResolved(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/** The real path of the `kind` of entry at `file` (links followed); undefined for anything else. */
export function realPathOfKind(file: string, kind: 'file' | 'directory'): string | undefined {
  try {
    const stats = statSync(file);
    return (kind === 'file' ? stats.isFile() : stats.isDirectory()) ? realpathSync(file) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `file` is a directory, links followed. */
export function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
