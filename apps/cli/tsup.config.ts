import { packageConfig } from '../../scripts/tsup-package.mjs';

export default packageConfig({
  entry: ['src/index.ts', 'src/cli.ts', 'src/signal-handling.ts', 'src/secret-environment.ts'],
});
