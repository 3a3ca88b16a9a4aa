import { MassGenError } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';

/** A configuration the server runs when a request names its model id. */
export interface ServedModel {
  /** `massgen` for the default configuration, `massgen/<name>` for named ones. */
  id: string;
  config: MassGenConfig;
}

export const defaultModelId = 'massgen';

const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * The models a server offers, fixed when it starts: requests choose among configurations the
 * operator loaded and can never point the server at another file.
 */
export class ModelRegistry {
  private readonly models = new Map<string, ServedModel>();

  constructor(options: { defaultConfig?: MassGenConfig; namedConfigs?: Record<string, MassGenConfig> }) {
    if (options.defaultConfig !== undefined)
      this.models.set(defaultModelId, { id: defaultModelId, config: options.defaultConfig });
    for (const [name, config] of Object.entries(options.namedConfigs ?? {})) {
      if (!namePattern.test(name)) {
        throw new MassGenError({
          code: 'CONFIG_INVALID',
          message: `Configuration name "${name}" cannot be a model name: use letters, digits, ".", "_" and "-", starting with a letter or digit.`,
        });
      }
      const id = `${defaultModelId}/${name}`;
      this.models.set(id, { id, config });
    }
    if (this.models.size === 0) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: 'The server has nothing to serve: give it a default configuration, named configurations, or both.',
      });
    }
  }

  list(): ServedModel[] {
    return [...this.models.values()];
  }

  resolve(id: string): ServedModel | undefined {
    return this.models.get(id);
  }
}
