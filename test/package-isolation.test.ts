import { readFileSync } from 'node:fs';
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

/**
 * The light backends bundle their vendor SDK (see scripts/bundled-sdk.mjs), so a project that
 * depends on the runtime and one of them installs no SDK package at all; the bundle says which
 * SDK version it holds and under which license.
 */
const cases: Array<{ backend: string; bundledSdk?: string }> = [
  { backend: 'backend-claude', bundledSdk: '@anthropic-ai/sdk' },
  { backend: 'backend-gemini', bundledSdk: '@google/genai' },
  { backend: 'backend-openai-compatible', bundledSdk: 'openai' },
  { backend: 'backend-openai' },
  { backend: 'backend-vllm' },
];

function manifest(backend: string): { devDependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(path.join(root, 'packages', backend, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
  };
}

describe('each backend installs alone', () => {
  it.each(cases)('@massgen/$backend with the runtime pulls no provider SDK package', ({ backend }) => {
    const closure = productionClosure([path.join(root, 'packages', backend), path.join(root, 'packages/runtime')]);
    expect(vendorSdks.filter((sdk) => closure.has(sdk))).toEqual([]);
  });

  it.each(cases.filter((entry) => entry.bundledSdk !== undefined))(
    '@massgen/$backend ships the license of the $bundledSdk version it bundles',
    ({ backend, bundledSdk }) => {
      const sdk = bundledSdk ?? '';
      const version = manifest(backend).devDependencies?.[sdk];
      expect(version).toBeDefined();
      const notices = readFileSync(path.join(root, 'packages', backend, 'dist/THIRD-PARTY-LICENSES.md'), 'utf8');
      expect(notices).toMatch(new RegExp(`^## ${sdk.replace('/', '\\/')} ${version} \\(`, 'm'));
    },
  );

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
