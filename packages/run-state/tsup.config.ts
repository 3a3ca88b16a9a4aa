import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/run-event-fixtures.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  // Browsers load it too (the web page), so it is built for the platform-neutral subset.
  platform: 'neutral',
  target: 'es2022',
});
