import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run against each workspace package's TypeScript source, not its build output.
    conditions: ['@massgen/source'],
  },
  ssr: {
    resolve: {
      conditions: ['@massgen/source'],
    },
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.tsx',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'tools/*/src/**/*.test.ts',
      'bench/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
