import { createHash } from 'node:crypto';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { parseConfig } from '@massgen/config';
import type { MassGenConfig } from '@massgen/config';
import { createConfiguredBackends } from '@massgen/runtime';
import { readBatchFile } from './read-batch-file.js';

/** A configuration of a batch: the team a question is put to, under a label. */
export interface BatchConfiguration {
  /** The name results are kept under: the file name without extension (the path, when two share a name). */
  label: string;
  file: string;
  /** The YAML as written, before `${ENV}` is filled in: what a queue worker receives. */
  text: string;
  /** Identifies the text, so a worker parses each configuration once. */
  digest: string;
  config: MassGenConfig;
}

export interface LoadConfigurationsOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  pluginSearchPaths: string[];
}

/**
 * Reads and checks each configuration file, and creates its backends once, so that a broken
 * configuration or a missing plugin stops the batch before any question runs.
 */
export async function loadBatchConfigurations(
  files: readonly string[],
  options: LoadConfigurationsOptions,
): Promise<BatchConfiguration[]> {
  if (files.length === 0)
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: 'No configuration given: pass --config FILE (repeat it to compare several teams).',
    });
  const absolute = files.map((file) => path.resolve(options.cwd, file));
  if (new Set(absolute).size !== absolute.length)
    throw new MassGenError({ code: 'CONFIG_INVALID', message: 'The same --config file is given twice.' });
  const labels = configurationLabels(absolute, options.cwd);
  return Promise.all(
    absolute.map(async (file, index) => {
      const text = await readBatchFile(file, 'configuration');
      const configuration = parseBatchConfiguration({ label: labels[index] as string, file, text }, options);
      await createConfiguredBackends(configuration.config, {
        cwd: options.cwd,
        pluginSearchPaths: options.pluginSearchPaths,
      });
      return configuration;
    }),
  );
}

/** Parses configuration text where it runs (a worker fills in `${ENV}` from its own environment). */
export function parseBatchConfiguration(
  source: { label: string; file: string; text: string },
  options: { cwd: string; env: Readonly<Record<string, string | undefined>> },
): BatchConfiguration {
  const config = parseConfig(source.text, {
    file: source.file,
    baseDir: path.dirname(path.resolve(options.cwd, source.file)),
    cwd: options.cwd,
    env: options.env,
  });
  return { ...source, digest: digestOf(source.text), config };
}

export function digestOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function configurationLabels(files: readonly string[], cwd: string): string[] {
  const names = files.map((file) => path.basename(file).replace(/\.ya?ml$/i, ''));
  const unique = new Set(names).size === names.length;
  return unique ? names : files.map((file) => path.relative(cwd, file) || file);
}
