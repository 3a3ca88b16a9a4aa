import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { importQueueLibrary, loadQueueLibraries } from './queue-libraries.js';

const scratch = useTemporaryDirectory('queue-libraries');

describe('queue libraries', () => {
  it('loads bullmq and ioredis when they are installed', async () => {
    const libraries = await loadQueueLibraries();
    expect(typeof libraries.bullmq.Queue).toBe('function');
    expect(typeof libraries.Redis).toBe('function');
  });

  it("finds a library in the user's project when this package cannot see it", async () => {
    const library = path.join(scratch.path, 'node_modules', 'massgen-queue-library-fixture');
    mkdirSync(library, { recursive: true });
    writeFileSync(path.join(library, 'package.json'), '{"name": "massgen-queue-library-fixture", "main": "index.js"}');
    writeFileSync(path.join(library, 'index.js'), 'exports.Queue = function Queue() {};\n');
    const loaded = await importQueueLibrary<{ Queue: unknown }>('massgen-queue-library-fixture', [scratch.path]);
    expect(typeof loaded.Queue).toBe('function');
  });

  it('says how to install queue mode when a library is missing', async () => {
    await expect(importQueueLibrary('massgen-no-such-library', [scratch.path])).rejects.toMatchObject({
      code: 'PLUGIN_NOT_FOUND',
      message:
        'Queue mode needs the bullmq and ioredis packages, which massgen does not install by default (about 16 MB, with a native build script): npm install -g bullmq@6.7.0 ioredis@5.9.3, or add them to your project.',
    });
  });
});
