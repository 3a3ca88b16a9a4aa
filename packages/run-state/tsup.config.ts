import { packageConfig } from '../../scripts/tsup-package.mjs';

export default packageConfig({
  entry: ['src/index.ts', 'src/run-event-fixtures.ts'],
  // Browsers load it too (the web page), so it is built for the platform-neutral subset.
  platform: 'neutral',
  target: 'es2022',
});
