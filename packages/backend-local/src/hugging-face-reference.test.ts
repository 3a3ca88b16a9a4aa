import { describe, expect, it } from 'vitest';
import { defaultLocalModel, huggingFaceUrl, parseHuggingFaceReference } from './hugging-face-reference.js';

describe('parseHuggingFaceReference', () => {
  it('reads owner, repository, file and an optional revision', () => {
    expect(parseHuggingFaceReference(defaultLocalModel)).toEqual({
      owner: 'Qwen',
      repo: 'Qwen2.5-0.5B-Instruct-GGUF',
      revision: 'main',
      file: 'qwen2.5-0.5b-instruct-q4_k_m.gguf',
    });
    expect(parseHuggingFaceReference('hf:me/models@v2/q4/tiny.gguf')).toEqual({
      owner: 'me',
      repo: 'models',
      revision: 'v2',
      file: 'q4/tiny.gguf',
    });
  });

  it('rejects references without a .gguf file or that climb out of the cache', () => {
    expect(() => parseHuggingFaceReference('hf:me/models')).toThrow(/expected hf:owner\/repo\/file.gguf/);
    expect(() => parseHuggingFaceReference('hf:me/models/../../x.gguf')).toThrow(/not a Hugging Face model reference/);
  });
});

describe('huggingFaceUrl', () => {
  it('points at the resolve endpoint of the Hub or of a mirror', () => {
    const reference = parseHuggingFaceReference('hf:me/models/q4/tiny model.gguf');
    expect(huggingFaceUrl(reference)).toBe('https://huggingface.co/me/models/resolve/main/q4/tiny%20model.gguf');
    expect(huggingFaceUrl(reference, 'http://127.0.0.1:9/')).toBe(
      'http://127.0.0.1:9/me/models/resolve/main/q4/tiny%20model.gguf',
    );
  });
});
