import { packageConfig } from '../../scripts/tsup-package.mjs';

export default packageConfig({
  entry: ['src/index.ts', 'src/vitest-suites.ts', 'src/strategy-testing.ts'],
});
