import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MassGenError } from '@massgen/core';

export type BullMQ = typeof import('bullmq');
export type IORedisModule = typeof import('ioredis');

export interface QueueLibraries {
  bullmq: BullMQ;
  Redis: IORedisModule['Redis'];
}

/** What to tell a user who asked for queue mode without its libraries. */
export const queueInstallHint =
  'Queue mode needs the bullmq and ioredis packages, which massgen does not install by default (about 16 MB, with a native build script): npm install -g bullmq@6.7.0 ioredis@5.9.3, or add them to your project.';

/**
 * Loads bullmq and ioredis, which are optional: from this package first, then from the
 * user's project and the app's directory (`searchPaths`), as plugins are found.
 */
export async function loadQueueLibraries(searchPaths: readonly string[] = []): Promise<QueueLibraries> {
  const bullmq = await importQueueLibrary<BullMQ>('bullmq', searchPaths);
  const ioredis = await importQueueLibrary<IORedisModule & { default?: IORedisModule['Redis'] }>(
    'ioredis',
    searchPaths,
  );
  const Redis = ioredis.Redis ?? ioredis.default;
  if (typeof bullmq.Queue !== 'function' || typeof Redis !== 'function')
    throw new MassGenError({
      code: 'PLUGIN_INVALID',
      message: `Unexpected bullmq or ioredis exports. ${queueInstallHint}`,
    });
  return { bullmq, Redis };
}

/** Imports an optional package from here, else from the first search path that has it. */
export async function importQueueLibrary<T>(name: string, searchPaths: readonly string[]): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
  }
  for (const base of searchPaths) {
    try {
      const resolved = createRequire(path.join(base, 'package.json')).resolve(name);
      const module = (await import(pathToFileURL(resolved).href)) as T & { default?: T };
      return { ...module.default, ...module };
    } catch {
      // Not installed there; try the next place.
    }
  }
  throw new MassGenError({ code: 'PLUGIN_NOT_FOUND', message: queueInstallHint });
}
