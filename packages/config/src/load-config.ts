import path from 'node:path';
import type { MassGenConfig } from './config-model.js';
import { parseConfig } from './parse-config.js';
import { readConfigFile } from './read-config-file.js';

export interface LoadConfigOptions {
  /** Working directory: relative `file` paths and `.env` are found here. The process's by default. */
  cwd?: string;
  /** Environment to use instead of `process.env` (still overlaid on `.env`). */
  env?: Record<string, string | undefined>;
}

/**
 * Reads and validates a configuration file. Relative paths inside it are resolved against
 * the file's own directory. Throws `ConfigError` (`CONFIG_NOT_FOUND` for a missing file).
 */
export async function loadConfig(file: string, options: LoadConfigOptions = {}): Promise<MassGenConfig> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const absolute = path.resolve(cwd, file);
  const text = await readConfigFile(absolute);
  return parseConfig(text, { file: absolute, baseDir: path.dirname(absolute), cwd, env: options.env });
}
