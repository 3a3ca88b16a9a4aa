import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // An optional dependency: it must stay an import the user installs (or not), never bundled.
  external: ['@anthropic-ai/claude-agent-sdk'],
});
