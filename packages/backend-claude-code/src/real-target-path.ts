import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

/** Links followed before a path counts as a loop, as Linux counts them. */
const linkLimit = 40;

function code(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/**
 * Where an absolute path really leads, existing or not: its deepest existing ancestor without
 * symbolic links, plus the missing rest. A dangling link is followed to where it points, so a
 * write through a broken link that points elsewhere is judged by its destination. Returns
 * `undefined` for a loop of links, which no tool can use anyway.
 */
export async function realTargetPath(absolutePath: string): Promise<string | undefined> {
  let candidate = path.resolve(absolutePath);
  for (let hops = 0; hops <= linkLimit; hops += 1) {
    const missing: string[] = [];
    let existing = candidate;
    for (;;) {
      try {
        const real = await realpath(existing);
        if (missing.length === 0) return real;
        const dangling = await danglingLinkTarget(path.join(real, missing[missing.length - 1] ?? ''));
        if (dangling === undefined) return path.join(real, ...[...missing].reverse());
        candidate = path.resolve(real, dangling, ...[...missing].reverse().slice(1));
        break;
      } catch (error) {
        if (code(error) === 'ELOOP') return undefined;
        if (code(error) !== 'ENOENT' && code(error) !== 'ENOTDIR') throw error;
        const parent = path.dirname(existing);
        if (parent === existing) return candidate;
        missing.push(path.basename(existing));
        existing = parent;
      }
    }
  }
  return undefined;
}

async function danglingLinkTarget(file: string): Promise<string | undefined> {
  try {
    return (await lstat(file)).isSymbolicLink() ? await readlink(file) : undefined;
  } catch (error) {
    if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}
