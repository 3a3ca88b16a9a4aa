import { packageConfig } from '../../scripts/tsup-package.mjs';
import { bundledSdkOptions } from '../../scripts/bundled-sdk.mjs';

export default packageConfig(bundledSdkOptions(['@anthropic-ai/sdk']));
