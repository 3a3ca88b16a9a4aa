import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ConfigError } from '@massgen/core';
import { describe, expect, it } from 'vitest';
import { rejectedMassGenError } from '@massgen/testing';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import { asConfigError } from './config-test-support.js';
import { readConfigFile } from './read-config-file.js';

async function failure(file: string): Promise<ConfigError> {
  return asConfigError(await rejectedMassGenError(readConfigFile(file)));
}

function hasMkfifo(): boolean {
  try {
    execFileSync('mkfifo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('readConfigFile', () => {
  const scratch = useTemporaryDirectory('read');

  it('reads UTF-8 text, including non-Latin text', async () => {
    const file = path.join(scratch.path, 'config.yaml');
    fs.writeFileSync(file, 'agent:\n  id: "我的分析助手"\n');
    await expect(readConfigFile(file)).resolves.toBe('agent:\n  id: "我的分析助手"\n');
  });

  it('reports a missing file as CONFIG_NOT_FOUND', async () => {
    const error = await failure(path.join(scratch.path, 'missing.yaml'));
    expect(error.code).toBe('CONFIG_NOT_FOUND');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      `Invalid configuration in ${path.join(scratch.path, 'missing.yaml')}: file not found; expected the path of a YAML configuration file`,
    );
  });

  it('refuses a directory', async () => {
    expect((await failure(scratch.path)).issues[0]?.message).toBe(
      'this is a directory; expected a YAML configuration file',
    );
  });

  it('refuses a huge file by its size, before reading it', async () => {
    const file = path.join(scratch.path, 'huge.yaml');
    fs.writeFileSync(file, '');
    fs.truncateSync(file, 64 * 1024 * 1024);
    expect((await failure(file)).issues[0]?.message).toBe(
      'the file is 67108864 bytes; expected at most 1048576 bytes (1 MiB) of YAML',
    );
  });

  it('refuses a binary file with NUL bytes', async () => {
    const file = path.join(scratch.path, 'binary.yaml');
    fs.writeFileSync(file, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00]));
    expect((await failure(file)).issues[0]?.message).toBe(
      'the file contains NUL bytes; expected YAML text, not binary data',
    );
  });

  it('refuses invalid UTF-8', async () => {
    const file = path.join(scratch.path, 'latin1.yaml');
    fs.writeFileSync(file, Buffer.from('agent:\n  id: caf\xe9\n', 'latin1'));
    expect((await failure(file)).issues[0]?.message).toBe(
      'the file is not valid UTF-8; expected YAML text encoded as UTF-8',
    );
  });

  it.skipIf(!hasMkfifo())('refuses a FIFO without waiting for a writer', async () => {
    const fifo = path.join(scratch.path, 'pipe.yaml');
    execFileSync('mkfifo', [fifo]);
    expect((await failure(fifo)).issues[0]?.message).toBe(
      'this is not a regular file; expected a YAML configuration file',
    );
  });
});
