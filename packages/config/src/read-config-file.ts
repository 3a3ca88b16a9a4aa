import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { ConfigError } from '@massgen/core';
import { maxConfigBytes } from './config-limits.js';

/**
 * Reads a configuration file as UTF-8 text. The size is checked on the open handle before
 * reading, so a huge file or a device is refused without being read; `O_NONBLOCK` keeps a
 * FIFO from blocking the open until some writer appears.
 */
export async function readConfigFile(file: string): Promise<string> {
  const handle = await openForReading(file);
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw fileProblem(file, 'this is a directory; expected a YAML configuration file');
    if (!stats.isFile()) throw fileProblem(file, 'this is not a regular file; expected a YAML configuration file');
    if (stats.size > maxConfigBytes) {
      throw fileProblem(
        file,
        `the file is ${stats.size} bytes; expected at most ${maxConfigBytes} bytes (1 MiB) of YAML`,
      );
    }
    const bytes = await handle.readFile();
    if (bytes.includes(0)) throw fileProblem(file, 'the file contains NUL bytes; expected YAML text, not binary data');
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (error) {
      throw fileProblem(file, 'the file is not valid UTF-8; expected YAML text encoded as UTF-8', error);
    }
  } finally {
    await handle.close();
  }
}

async function openForReading(file: string): Promise<FileHandle> {
  try {
    return await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new ConfigError({
        file,
        code: 'CONFIG_NOT_FOUND',
        cause: error,
        issues: [{ path: '', message: 'file not found; expected the path of a YAML configuration file' }],
      });
    }
    if (code === 'EACCES' || code === 'EPERM')
      throw fileProblem(file, 'permission denied; expected a readable YAML file', error);
    throw fileProblem(file, `cannot open the file (${code ?? 'unknown error'}); expected a readable YAML file`, error);
  }
}

function fileProblem(file: string, message: string, cause?: unknown): ConfigError {
  return new ConfigError({ file, cause, issues: [{ path: '', message }] });
}
