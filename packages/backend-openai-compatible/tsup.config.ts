import { packageConfig } from '../../scripts/tsup-package.mjs';
import { bundledSdkOptions } from '../../scripts/bundled-sdk.mjs';

export default packageConfig({
  entry: ['src/index.ts', 'src/testing.ts'],
  ...bundledSdkOptions(['openai']),
});
