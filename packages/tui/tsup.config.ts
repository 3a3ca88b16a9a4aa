import { packageConfig } from '../../scripts/tsup-package.mjs';

export default packageConfig({
  // The worker is its own entry: it is started by file, in a thread of its own.
  entry: ['src/index.ts', 'src/live-display.ts', 'src/live-display-worker.ts'],
  esbuildOptions(options) {
    options.jsx = 'automatic';
  },
});
