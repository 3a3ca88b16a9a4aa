import { MassGenError } from '@massgen/core';
import {
  builtInToolKeys,
  configJsonSchema,
  optionsJsonSchema,
  renderBackendOptions,
  renderConfigReference,
  backendCatalog,
} from '@massgen/config';
import type { JsonSchemaNode } from '@massgen/config';
import type { PluginLoader } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';

export interface ShowSchemaOptions {
  /** Only this backend type's options. */
  backend?: string;
  /** JSON Schema instead of the Markdown reference. */
  json?: boolean;
}

/**
 * `massgen --show-schema [--backend TYPE] [--json]`: the configuration reference, or its JSON
 * Schema, built from the loader's zod schemas and each installed backend's `optionsSchema`.
 * The committed schema/massgen.schema.json and docs/config-reference.md are this output.
 */
export async function showSchemaCommand(
  options: ShowSchemaOptions,
  io: CliIo,
  loader: PluginLoader,
): Promise<ExitCodeValue> {
  if (options.backend !== undefined) {
    const { module } = await loader.loadBackend(options.backend);
    const schema = optionsJsonSchema(module.optionsSchema);
    if (schema === undefined) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `Backend type "${options.backend}" does not publish an options schema (a zod optionsSchema export), so there is nothing to show.`,
      });
    }
    io.stdout.write(
      options.json === true
        ? `${JSON.stringify(schema, null, 2)}\n`
        : `${renderBackendOptions(options.backend, schema, configJsonSchema()).join('\n')}\n`,
    );
    return ExitCode.success;
  }
  const backendOptions = await bundledBackendOptions(loader);
  const schema = configJsonSchema({
    backendOptions,
    toolSettings: await bundledToolSettings(loader),
    strategySettings: await bundledStrategySettings(loader),
  });
  if (options.json === true) {
    io.stdout.write(`${JSON.stringify(schema, null, 2)}\n`);
    return ExitCode.success;
  }
  const rendered: Record<string, JsonSchemaNode> = {};
  for (const [type, optionsSchema] of Object.entries(backendOptions)) {
    const converted = optionsJsonSchema(optionsSchema);
    if (converted !== undefined) rendered[type] = converted;
  }
  io.stdout.write(renderConfigReference(schema, rendered));
  return ExitCode.success;
}

/** The settings schemas of the tool packages MassGen ships that are installed and load. */
async function bundledToolSettings(
  loader: PluginLoader,
): Promise<Record<string, { agentSettingsSchema?: unknown; runSettingsSchema?: unknown }>> {
  const settings: Record<string, { agentSettingsSchema?: unknown; runSettingsSchema?: unknown }> = {};
  for (const name of Object.keys(builtInToolKeys)) {
    if (loader.findToolPackage(name) === undefined) continue;
    const { module } = await loader.loadToolPackage(name);
    settings[name] = { agentSettingsSchema: module.agentSettingsSchema, runSettingsSchema: module.runSettingsSchema };
  }
  return settings;
}

/** Strategies MassGen ships, whose keys the reference documents where the configuration writes them. */
const bundledStrategies = ['vote', 'sequential'] as const;

/** The settings schemas of the strategies MassGen ships that are installed and load. */
async function bundledStrategySettings(
  loader: PluginLoader,
): Promise<Record<string, { settingsSchema?: unknown; agentSettingsSchema?: unknown }>> {
  const settings: Record<string, { settingsSchema?: unknown; agentSettingsSchema?: unknown }> = {};
  for (const name of bundledStrategies) {
    const { module } = await loader.loadStrategy(name);
    settings[name] = { settingsSchema: module.settingsSchema, agentSettingsSchema: module.agentSettingsSchema };
  }
  return settings;
}

/** The options schema of every backend package MassGen ships that is installed and loads, by its main type. */
async function bundledBackendOptions(loader: PluginLoader): Promise<Record<string, unknown>> {
  const options: Record<string, unknown> = {};
  for (const type of backendCatalog.flatMap((entry) => entry.types.slice(0, 1).map((main) => main.type))) {
    if (loader.findBackendPackage(type) === undefined) continue;
    try {
      const { module } = await loader.loadBackend(type);
      if (module.optionsSchema !== undefined) options[type] = module.optionsSchema;
    } catch {
      // A bundled backend that cannot load here (a missing optional SDK) has no options to show.
    }
  }
  return options;
}
