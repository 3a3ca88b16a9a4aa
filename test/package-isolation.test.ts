import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productionClosure } from './dependency-closure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vendorSdks = [
  'openai',
  '@anthropic-ai/sdk',
  '@google/genai',
  '@anthropic-ai/claude-agent-sdk',
  '@modelcontextprotocol/sdk',
];

/** A project that depends on the runtime and exactly one backend installs only that backend's SDK. */
const cases: Array<{ backend: string; allowedSdks: string[] }> = [
  { backend: 'backend-claude', allowedSdks: ['@anthropic-ai/sdk'] },
  { backend: 'backend-gemini', allowedSdks: ['@google/genai'] },
  { backend: 'backend-openai', allowedSdks: ['openai'] },
  { backend: 'backend-vllm', allowedSdks: ['openai'] },
  { backend: 'backend-openai-compatible', allowedSdks: ['openai'] },
];

describe('each backend installs alone', () => {
  it.each(cases)('@massgen/$backend with the runtime pulls no other provider SDK', ({ backend, allowedSdks }) => {
    const closure = productionClosure([path.join(root, 'packages', backend), path.join(root, 'packages/runtime')]);
    const sdks = vendorSdks.filter((sdk) => closure.has(sdk));
    expect(sdks).toEqual(allowedSdks);
  });

  it('keeps core free of any dependency', () => {
    expect([...productionClosure([path.join(root, 'packages/core')])]).toEqual(['@massgen/core']);
  });

  it('keeps run-state to core alone, so a browser can load what the terminal display folds a run with', () => {
    expect([...productionClosure([path.join(root, 'packages/run-state')])].sort()).toEqual([
      '@massgen/core',
      '@massgen/run-state',
    ]);
  });
});
