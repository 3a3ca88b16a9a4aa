import { MassGenError, toMassGenError } from '@massgen/core';
import type { Backend } from '@massgen/core';
import { createConfiguredBackends } from '@massgen/runtime';
import type { ServedModel } from './model-registry.js';

export interface BackendCacheOptions {
  cwd?: string;
  pluginSearchPaths?: string[];
  pluginConditions?: string[];
  log: (message: string) => void;
}

/**
 * Each served model's agent backends, created once and shared by all its requests: runs then
 * skip loading and validating plugins, and backends keep their clients (and connections) warm.
 * A backend stream carries the whole conversation in its request, so runs cannot see each other.
 */
export class BackendCache {
  private readonly backends = new Map<string, Promise<Record<string, Backend>>>();

  constructor(private readonly options: BackendCacheOptions) {}

  /** The model's backends; a model that cannot be set up rejects with the reason, every time. */
  get(model: ServedModel): Promise<Record<string, Backend>> {
    let pending = this.backends.get(model.id);
    if (pending === undefined) {
      pending = this.create(model);
      this.backends.set(model.id, pending);
    }
    return pending;
  }

  /** Sets up every model, so that a broken configuration stops the server from starting. */
  async prepare(models: readonly ServedModel[]): Promise<void> {
    await Promise.all(models.map((model) => this.get(model)));
  }

  private async create(model: ServedModel): Promise<Record<string, Backend>> {
    const { cwd, pluginSearchPaths, pluginConditions, log } = this.options;
    try {
      return await createConfiguredBackends(model.config, {
        ...(cwd === undefined ? {} : { cwd }),
        ...(pluginSearchPaths === undefined ? {} : { pluginSearchPaths }),
        ...(pluginConditions === undefined ? {} : { pluginConditions }),
        warn: (warning) =>
          log(
            `warning: model ${model.id}${warning.agentId === undefined ? '' : `, agent ${warning.agentId}`}: ${warning.message}`,
          ),
      });
    } catch (error) {
      const failure = toMassGenError(error);
      throw new MassGenError({ ...failure.toOptions(), message: `Model "${model.id}" cannot run: ${failure.message}` });
    }
  }
}
