import path from 'node:path';
import { MassGenError } from '@massgen/core';
import {
  backendCatalog,
  createLocalDefaultConfig,
  createQuickConfig,
  findBackendType,
  inferBackendType,
  loadConfig,
} from '@massgen/config';
import type { MassGenConfig } from '@massgen/config';
import { installedBackendCatalog } from '@massgen/runtime';
import type { PluginLoader } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { prepareExample } from './examples-command.js';
import { localDefaultNotice } from './local-default-notice.js';
import type { TeamFlags } from './session-choice.js';

/**
 * The team a run uses: the --config file, the --example, one --model agent, or else the
 * embedded local model when it is installed; `--timeout` on top.
 */
export async function resolveConfig(options: TeamFlags, io: CliIo, loader: PluginLoader): Promise<MassGenConfig> {
  if ([options.config, options.model, options.example].filter((choice) => choice !== undefined).length > 1) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: 'Use one of --config, --model or --example, not several.',
    });
  }
  let config: MassGenConfig;
  if (options.example !== undefined) {
    config = await loadConfig(prepareExample(options.example, io), { cwd: io.cwd, env: io.env });
  } else if (options.config !== undefined) {
    config = await loadConfig(path.resolve(io.cwd, options.config), { cwd: io.cwd, env: io.env });
  } else if (options.model !== undefined) {
    config = createQuickConfig({
      model: options.model,
      cwd: io.cwd,
      env: io.env,
      backend: options.backend ?? (await inferInstalledBackendType(options.model, io, loader)),
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
      ...(options.systemMessage === undefined ? {} : { systemMessage: options.systemMessage }),
    });
  } else {
    const local = createLocalDefaultConfig({
      cwd: io.cwd,
      env: io.env,
      ...(options.systemMessage === undefined ? {} : { systemMessage: options.systemMessage }),
    });
    if (local === undefined) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: 'No team given: pass --config FILE, or --model MODEL for a single agent (see massgen --help).',
      });
    }
    io.stderr.write(`${await localDefaultNotice(local, loader)}\n`);
    config = local;
  }
  if (options.timeout !== undefined)
    config = { ...config, orchestrator: { ...config.orchestrator, timeoutMs: options.timeout * 1000 } };
  return config;
}

/**
 * The backend type a model name implies: a first-party pattern (`claude-*`), else the patterns of the
 * third-party backends installed here, else the type that takes any model. Installed packages are
 * only looked at when no first-party pattern matches.
 */
async function inferInstalledBackendType(model: string, io: CliIo, loader: PluginLoader): Promise<string> {
  const firstParty = inferBackendType(model);
  if (findBackendType(firstParty)?.fallbackForUnknownModels !== true) return firstParty;
  const installed = await installedBackendCatalog(loader, [io.cwd, cliPackageDirectory()]);
  return installed.length === 0 ? firstParty : inferBackendType(model, [...installed, ...backendCatalog]);
}
