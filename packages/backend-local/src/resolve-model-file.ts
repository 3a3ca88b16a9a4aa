import { access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import { createProgressBar, type DownloadProgressListener } from './download-progress.js';
import {
  defaultLocalModel,
  huggingFaceUrl,
  isHuggingFaceReference,
  parseHuggingFaceReference,
} from './hugging-face-reference.js';
import { downloadModelFile } from './model-download.js';

export interface ResolveModelOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** `backend.models_dir`, before `MASSGEN_MODELS_DIR`. */
  modelsDir?: string;
  /** Progress of a download; a bar on stderr when absent. */
  onProgress?: DownloadProgressListener;
  signal?: AbortSignal;
}

/** `local` and an empty model mean the default model (or `MASSGEN_LOCAL_MODEL`). */
export function modelReference(model: string, env: Readonly<Record<string, string | undefined>>): string {
  const trimmed = model.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'local')
    return env['MASSGEN_LOCAL_MODEL']?.trim() || defaultLocalModel;
  return trimmed;
}

export function modelsDirectory(options: Pick<ResolveModelOptions, 'env' | 'modelsDir'>): string {
  return path.resolve(
    options.modelsDir ??
      (options.env['MASSGEN_MODELS_DIR']?.trim() || path.join(os.homedir(), '.cache', 'massgen', 'models')),
  );
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The GGUF file a `backend.model` names: a path as is, an `hf:` reference from the cache,
 * downloaded there on first use.
 */
export async function resolveModelFile(model: string, options: ResolveModelOptions): Promise<string> {
  const reference = modelReference(model, options.env);
  if (!isHuggingFaceReference(reference)) {
    const file = path.resolve(reference.replace(/^~(?=$|\/)/, os.homedir()));
    if (await exists(file)) return file;
    throw new MassGenError({
      code: 'BACKEND_NOT_FOUND',
      message: `The local model file ${file} does not exist. Expected a path to a .gguf file, or a Hugging Face reference such as ${defaultLocalModel}.`,
      provider: 'local',
    });
  }
  const parsed = parseHuggingFaceReference(reference);
  const destination = path.join(
    modelsDirectory(options),
    'hf',
    parsed.owner,
    parsed.repo,
    parsed.revision,
    ...parsed.file.split('/'),
  );
  if (await exists(destination)) return destination;
  const bar = options.onProgress === undefined ? createProgressBar(`Downloading ${reference}`) : undefined;
  const token = options.env['HF_TOKEN']?.trim();
  try {
    return await downloadModelFile({
      url: huggingFaceUrl(parsed, options.env['HF_ENDPOINT']?.trim() || undefined),
      destination,
      onProgress: options.onProgress ?? bar?.update ?? (() => undefined),
      ...(token === undefined || token === '' ? {} : { token }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    if (!MassGenError.isInstance(error) || error.code !== 'BACKEND_NETWORK') throw error;
    throw new MassGenError({
      ...error.toOptions(),
      message: `${error.message} Or put the file at ${destination} (set MASSGEN_MODELS_DIR to use another cache directory).`,
    });
  } finally {
    bar?.done();
  }
}
