import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { MassGenError } from '@massgen/core';

/** Symbolic links followed for one path before it counts as a loop (Linux's own limit). */
const maximumLinkHops = 40;

/**
 * Where an absolute path really leads, whether or not it exists yet: the real path of its
 * deepest existing ancestor, with the missing tail appended. A dangling symbolic link is
 * followed to its target, so that writing through a broken link that points outside an allowed
 * directory is caught (CVE-2025-53109) rather than silently creating the target.
 */
export async function resolveRealPath(absolutePath: string): Promise<string> {
  return resolve(path.resolve(absolutePath), { hops: 0 });
}

async function resolve(candidate: string, state: { hops: number }): Promise<string> {
  try {
    return await realpath(candidate);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') throw linkLoop();
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  const parent = path.dirname(candidate);
  if (parent === candidate) return candidate;
  const link = await readLinkIfAny(candidate);
  const realParent = await resolve(parent, state);
  if (link === undefined) return path.join(realParent, path.basename(candidate));
  state.hops += 1;
  if (state.hops > maximumLinkHops) throw linkLoop();
  return resolve(path.resolve(realParent, link), state);
}

async function readLinkIfAny(candidate: string): Promise<string | undefined> {
  try {
    const stats = await lstat(candidate);
    return stats.isSymbolicLink() ? await readlink(candidate) : undefined;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

function linkLoop(): MassGenError {
  return new MassGenError({ code: 'PATH_DENIED', message: 'The path goes through a loop of symbolic links.' });
}

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}
