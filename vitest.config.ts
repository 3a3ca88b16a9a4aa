import { availableParallelism } from 'node:os';
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
    // Vitest's default for `run` keeps one core free, which on CI's two cores means one test file at a
    // time. Most of the slow files wait on child processes (the built CLI, tmux, Chromium, redis),
    // so a worker per core keeps both busy.
    maxWorkers: availableParallelism(),
  },
});
