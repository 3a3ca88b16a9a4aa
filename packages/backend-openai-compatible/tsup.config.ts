import { defineConfig } from 'tsup';
import { bundledSdkOptions } from '../../scripts/bundled-sdk.mjs';

export default defineConfig({
  entry: ['src/index.ts', 'src/testing.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  ...bundledSdkOptions(['openai']),
});
