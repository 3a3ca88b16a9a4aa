import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { loadConfig } from '@massgen/config';
import type { MassGenConfig } from '@massgen/config';
import { ModelRegistry } from './model-registry.js';

export interface LoadModelRegistryOptions {
  /** Served as model `massgen`. */
  configFile?: string;
  /** Every `*.yaml` / `*.yml` file in it is served as `massgen/<file name without extension>`. */
  configDirectory?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
}

/**
 * Loads the configurations a server offers. Any invalid file stops the start with a
 * `ConfigError` naming it: a server that silently drops a model would answer 404 for it later.
 */
export async function loadModelRegistry(options: LoadModelRegistryOptions): Promise<ModelRegistry> {
  const cwd = options.cwd ?? process.cwd();
  const loadOptions = { cwd, ...(options.env === undefined ? {} : { env: options.env }) };
  const defaultConfig =
    options.configFile === undefined ? undefined : await loadConfig(options.configFile, loadOptions);
  const namedConfigs = new Map<string, MassGenConfig>();
  if (options.configDirectory !== undefined) {
    const directory = path.resolve(cwd, options.configDirectory);
    for (const file of await listConfigFiles(directory)) {
      const name = path.basename(file).replace(/\.ya?ml$/i, '');
      if (namedConfigs.has(name)) {
        throw new MassGenError({
          code: 'CONFIG_INVALID',
          message: `Two files in ${directory} would both be served as model "massgen/${name}"; rename one of them.`,
        });
      }
      namedConfigs.set(name, await loadConfig(path.join(directory, file), loadOptions));
    }
    if (namedConfigs.size === 0) {
      throw new MassGenError({
        code: 'CONFIG_NOT_FOUND',
        message: `No configuration files (*.yaml, *.yml) in ${directory}.`,
      });
    }
  }
  return new ModelRegistry({
    ...(defaultConfig === undefined ? {} : { defaultConfig }),
    namedConfigs: Object.fromEntries(namedConfigs),
  });
}

async function listConfigFiles(directory: string): Promise<string[]> {
  try {
    const entries = await readdir(directory, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && /\.ya?ml$/i.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    throw new MassGenError({
      code: 'CONFIG_NOT_FOUND',
      message: `The configuration directory ${directory} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
      cause: error,
    });
  }
}
