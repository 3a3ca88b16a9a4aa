import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'queue/index': 'src/queue/index.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  // Queue mode's libraries are optional peers, loaded only with --queue.
  external: ['bullmq', 'ioredis'],
});
