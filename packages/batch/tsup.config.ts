import { packageConfig } from '../../scripts/tsup-package.mjs';

export default packageConfig({
  entry: { index: 'src/index.ts', 'queue/index': 'src/queue/index.ts' },
  // Queue mode's libraries are optional peers, loaded only with --queue.
  external: ['bullmq', 'ioredis'],
});
