import { MassGenError } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import type { PluginLoader } from '@massgen/runtime';

const choices = 'Pass --config FILE or --model MODEL to choose, or set an API key such as OPENAI_API_KEY.';

/**
 * What `massgen "question"` tells the user when it falls back to the local team, and how to choose
 * otherwise. The local model is a plugin (llama.cpp is large): without it, says how to add it.
 */
export async function localDefaultNotice(config: MassGenConfig, loader: PluginLoader): Promise<string> {
  if (loader.findBackendPackage('local') === undefined) {
    throw new MassGenError({
      code: 'PLUGIN_NOT_FOUND',
      message: `No configuration and no API key given, so massgen would run on the embedded local model: ${loader.describeMissingBackend('local')}. ${choices}`,
    });
  }
  const { module } = await loader.loadBackend('local');
  const packaged = (module as { defaultLocalModel?: unknown }).defaultLocalModel;
  const model = config.env['MASSGEN_LOCAL_MODEL']?.trim() || (typeof packaged === 'string' ? packaged : 'local');
  return (
    `No configuration and no API key given: running ${config.agents.length} agents on the local model ${model} ` +
    `(downloaded once on first use). ${choices}`
  );
}
