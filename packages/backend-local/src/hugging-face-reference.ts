import { MassGenError } from '@massgen/core';

/** `hf:owner/repo/path/to/file.gguf`, optionally `hf:owner/repo@revision/file.gguf`. */
export interface HuggingFaceReference {
  owner: string;
  repo: string;
  revision: string;
  file: string;
}

/** The model `massgen "question"` runs when there is no configuration and no API key. */
export const defaultLocalModel = 'hf:Qwen/Qwen2.5-0.5B-Instruct-GGUF/qwen2.5-0.5b-instruct-q4_k_m.gguf';

export function isHuggingFaceReference(model: string): boolean {
  return model.startsWith('hf:');
}

export function parseHuggingFaceReference(model: string): HuggingFaceReference {
  const match = /^hf:([\w.-]+)\/([\w.-]+?)(?:@([\w./-]+?))?\/(.+\.gguf)$/i.exec(model.trim());
  const [, owner, repo, revision, file] = match ?? [];
  if (
    owner === undefined ||
    repo === undefined ||
    file === undefined ||
    file.split('/').some((part) => part === '..' || part === '')
  ) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `backend.model ${JSON.stringify(model)} is not a Hugging Face model reference; expected hf:owner/repo/file.gguf (for example ${defaultLocalModel}).`,
      provider: 'local',
    });
  }
  return { owner, repo, revision: revision ?? 'main', file };
}

/** The download address on the Hub, or on the mirror named by `HF_ENDPOINT`. */
export function huggingFaceUrl(reference: HuggingFaceReference, endpoint = 'https://huggingface.co'): string {
  const file = reference.file.split('/').map(encodeURIComponent).join('/');
  return `${endpoint.replace(/\/+$/, '')}/${reference.owner}/${reference.repo}/resolve/${encodeURIComponent(reference.revision)}/${file}`;
}
