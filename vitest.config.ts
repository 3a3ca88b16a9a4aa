import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit files that need a module graph of their own: the lazy-load tests check that an SDK is not
 * imported before the first model call, and the terminal UI's colour support is decided once per
 * process from `FORCE_COLOR`.
 */
const isolatedUnitTests = [
  'packages/backend-*/src/load-*.test.ts',
  'packages/backend-claude-code/src/claude-code-lazy-load.test.ts',
  'packages/tui/src/**/*.test.tsx',
  'packages/tui/src/**/*.test.ts',
];

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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/src/**/*.test.tsx', 'tools/*/src/**/*.test.ts'],
          exclude: isolatedUnitTests,
          // The unit files share their workers' module graph: loading each package's TypeScript source
          // again for every file took most of their time. The files that must start from a fresh one
          // are listed in `isolatedUnitTests`.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            ...isolatedUnitTests,
            'apps/*/src/**/*.test.ts',
            'apps/*/test/**/*.test.ts',
            'bench/**/*.test.ts',
            'test/**/*.test.ts',
          ],
        },
      },
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
