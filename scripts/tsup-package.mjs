// The tsup settings every package of this repository builds with (ESM for Node 20, declarations,
// source maps); a package's tsup.config.ts passes only what it does differently: more entries,
// a bundled SDK, an external optional dependency, a platform-neutral build.
import { defineConfig } from 'tsup';

/**
 * The shared settings with `overrides` on top.
 * @param {import('tsup').Options} [overrides]
 * @returns {import('tsup').Options}
 */
export function packageConfig(overrides = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    ...overrides,
  });
}
